import { useState } from 'react';
import type { OutboxEntry } from '../../../../shared/bridge';
import { formatMoney } from '../../../../shared/domain/money';
import type { Outbox } from '../../data/queue/outboxTypes';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import { EmptyState } from '../../ui/Notice';
import { IconWarning } from '../../ui/icons';
import { serviceSelectors, useServiceStore } from '../service/serviceStore';
import { useMinuteClock } from '../sync/useCatalog';
import { OutboxStateBadge } from './OutboxState';
import { MoveSeating } from './MoveSeating';
import {
  OUTBOX_KIND_WORD,
  OUTBOX_STATE_MEANING,
  describeAge,
  describeAttempts,
  describeClock,
  discardWarning,
  exportFileName,
  pendingActions,
  resendWarning,
  type PendingAction,
} from './pendingText';
import './pending.css';

// Pending orders (issue 6 item 5, ARCHITECTURE §5 "everything is visible"): every queue entry
// still waiting to reach the POS or needing a person, oldest first, with what happened and what
// the waiter can do. Resend and discard always ask first; export saves them all to a file. The
// entries come from the queue store (the main side's snapshot); every decision is a bridge call.

export function PendingScreen() {
  const outbox = useServiceStore(serviceSelectors.outbox);
  const showScreen = useServiceStore((s) => s.showScreen);
  return (
    <section className="pending" aria-labelledby="pending-title">
      <div className="pending__bar">
        <button type="button" className="button button--secondary" onClick={() => showScreen('floor')}>
          Back to floor
        </button>
        <h1 className="pending__title" id="pending-title">
          Pending orders
        </h1>
        {outbox !== null && <ExportButton outbox={outbox} />}
      </div>
      <StorageProblem />
      {outbox === null ? <EmptyState title="Opening this terminal’s orders…" /> : <PendingList outbox={outbox} />}
    </section>
  );
}

/** The queue database refuses writes (issue 10 item 9): icon + words, and the error for an engineer. */
function StorageProblem() {
  const problem = useQueueStore(queueSelectors.storageProblem);
  if (problem === null) return null;
  return (
    <div className="pending__storage-problem" role="alert" data-testid="outbox-cannot-save">
      <IconWarning className="pending__storage-problem-icon" />
      <div>
        <p className="pending__storage-problem-message">{problem.message}</p>
        <p className="pending__storage-problem-detail">
          New orders are not saved and waiting ones cannot leave until this is fixed: free space on this terminal or ask a
          manager. Detail: {problem.detail}
        </p>
      </div>
    </div>
  );
}

function PendingList({ outbox }: { outbox: Outbox }) {
  // seq is the commit order: oldest first, the order they leave in.
  const loaded = useQueueStore(queueSelectors.loaded);
  const entries = useQueueStore(queueSelectors.pendingEntries);
  const now = useMinuteClock();
  if (!loaded) return null;
  if (entries.length === 0) {
    return (
      <EmptyState title="Nothing pending: every order reached the POS">
        <p>Orders saved while offline, or that need you, show here.</p>
      </EmptyState>
    );
  }
  return (
    <ul className="pending__list" aria-label="Pending orders">
      {entries.map((entry) => (
        <PendingEntry key={entry.id} outbox={outbox} entry={entry} now={now} />
      ))}
    </ul>
  );
}

type Confirming = 'resend' | 'discard' | 'move' | null;

function PendingEntry({ outbox, entry, now }: { outbox: Outbox; entry: OutboxEntry; now: Date }) {
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const actions = pendingActions(entry);

  const run = (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    work()
      .then(() => setConfirming(null))
      .catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)))
      .finally(() => setBusy(false));
  };

  const act = (action: PendingAction) => {
    switch (action) {
      case 'retry-now':
        return run(() => outbox.retryNow(entry.id));
      case 'mark-done':
        return run(() => outbox.markDone(entry.id));
      case 'send-as-round':
        return run(() => outbox.sendSeatingAsRound(entry.id));
      case 'resend':
      case 'discard':
      case 'move':
        setProblem(null);
        return setConfirming(action);
    }
  };

  const titleId = `pending-${entry.id}-title`;
  return (
    <li className={`pending-entry pending-entry--${entry.state}`} data-testid="pending-entry" data-state={entry.state} data-kind={entry.kind} aria-labelledby={titleId}>
      <div className="pending-entry__main">
        <div className="pending-entry__head">
          <h2 className="pending-entry__title" id={titleId}>
            {entry.label}
          </h2>
          <span className="pending-entry__kind">{OUTBOX_KIND_WORD[entry.kind]}</span>
          <OutboxStateBadge state={entry.state} />
        </div>
        <p className="pending-entry__summary">
          {entry.summary}
          {entry.totalCents > 0 && !entry.summary.includes('€') && ` · ${formatMoney(entry.totalCents)}`}
        </p>
        <p className="pending-entry__facts">
          <span>{savedAgo(describeAge(entry.createdAt, now))}</span>
          <span>{describeAttempts(entry.attempts)}</span>
          {entry.state === 'queued' && entry.retryAt !== null && Date.parse(entry.retryAt) > now.getTime() && <span>next try at {describeClock(entry.retryAt)}</span>}
        </p>
        <p className="pending-entry__meaning">{entry.conflict ? 'The POS says this table already has an open order.' : OUTBOX_STATE_MEANING[entry.state]}</p>
        {entry.lastError !== null && (
          <div className="pending-entry__error">
            <p className="pending-entry__error-text">Last problem: {entry.lastError.message}</p>
            {entry.lastError.detail !== undefined && entry.lastError.detail !== '' && (
              <details className="pending-entry__detail">
                <summary>Details for support</summary>
                <code>
                  {entry.lastError.kind} · {entry.lastError.at}
                  {'\n'}
                  {entry.lastError.detail}
                </code>
              </details>
            )}
          </div>
        )}
        {problem !== null && (
          <p className="pending-entry__problem" role="alert">
            That did not work: {problem}
          </p>
        )}
      </div>
      {confirming === null ? (
        actions.length > 0 && (
          <div className="pending-entry__actions" role="group" aria-label={`What to do with ${entry.label}`}>
            {actions.map((action) => (
              <ActionButton key={action} action={action} disabled={busy} onClick={() => act(action)} />
            ))}
          </div>
        )
      ) : confirming === 'move' ? (
        <MoveSeating entry={entry} busy={busy} onMove={(tables) => run(() => outbox.moveSeating(entry.id, tables))} onCancel={() => setConfirming(null)} />
      ) : (
        <div className="pending-entry__confirm" role="alertdialog" aria-label={confirming === 'resend' ? `Resend ${entry.label}?` : `Discard ${entry.label}?`}>
          <p>{confirming === 'resend' ? resendWarning(entry) : discardWarning(entry)}</p>
          <div className="pending-entry__actions">
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => run(() => (confirming === 'resend' ? outbox.resend(entry.id) : outbox.discard(entry.id)))}
            >
              {confirming === 'resend' ? 'Resend' : 'Discard'}
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );
}

const ACTION_TEXT: Record<PendingAction, string> = {
  'retry-now': 'Retry now',
  resend: 'Resend…',
  'mark-done': 'Mark done',
  discard: 'Discard…',
  'send-as-round': 'Send as a round instead',
  move: 'Pick another table…',
};

function ActionButton({ action, disabled, onClick }: { action: PendingAction; disabled: boolean; onClick: () => void }) {
  const primary = action === 'retry-now' || action === 'send-as-round';
  return (
    <button type="button" className={`button ${primary ? 'button--primary' : 'button--secondary'} pending-entry__action`} disabled={disabled} onClick={onClick}>
      {ACTION_TEXT[action]}
    </button>
  );
}

/** The pending entries as a JSON file (Blob + a[download]): for support, or to re-key them by hand. */
function ExportButton({ outbox }: { outbox: Outbox }) {
  const [problem, setProblem] = useState<string | null>(null);
  const exportNow = async () => {
    setProblem(null);
    try {
      const json = await outbox.exportPending();
      const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(new Date());
      document.body.append(link);
      link.click();
      link.remove();
      // Let the download start before the URL goes.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setProblem(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  return (
    <div className="pending__export">
      <button type="button" className="button button--secondary" onClick={() => void exportNow()}>
        Export
      </button>
      {problem !== null && (
        <p className="pending__export-problem" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

/** "Saved just now", "Saved 3 min ago". */
function savedAgo(age: string): string {
  if (age === 'just now') return 'Saved just now';
  if (age === 'unknown age') return 'Saved at an unknown time';
  return `Saved ${age} ago`;
}
