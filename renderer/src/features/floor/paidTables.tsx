import { useMemo } from 'react';
import type { OutboxEntry, TableService } from '../../../../shared/bridge';
import { billOf } from '../../../../shared/domain/bill';
import { useQueueStore } from '../../data/queue/queueStore';

// A table whose bill is paid (something ordered, nothing left) shows "Paid" on the
// floor — a word and this icon, not colour alone — until it is cleared.

const NO_IDS: ReadonlySet<string> = new Set();

/** Ids of the open services whose bill is paid (pure). */
export function paidServiceIds(services: readonly TableService[], entriesByService: ReadonlyMap<string, readonly OutboxEntry[]>): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const service of services) if (billOf(service, entriesByService.get(service.id) ?? []).paid) ids.add(service.id);
  return ids.size > 0 ? ids : NO_IDS;
}

/** The paid services of the queue's latest snapshot, computed once per snapshot. */
export function usePaidServiceIds(): ReadonlySet<string> {
  const queue = useQueueStore((state) => state.queue);
  return useMemo(() => (queue ? paidServiceIds(queue.openServices, queue.entriesByService) : NO_IDS), [queue]);
}

/** A coin with a check mark: the bill is paid. */
export function IconPaid({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M7.5 12.5l3 3 6-6.5" />
    </svg>
  );
}
