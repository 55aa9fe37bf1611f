import { CANNOT_SAVE_MESSAGE, type OutboxEntry, type OutboxKind, type OutboxResolution, type OutboxState } from '../../../../shared/bridge';

// Words for the outbox as the waiter sees it (issue 6 items 3 and 5, ARCHITECTURE §5): each
// state's word (shown with an icon, never by colour alone), ages, the actions a state offers, and
// the connection indicator's text. Pure, so it is unit-tested without a DOM.

/** The word shown beside the state's icon: rounds list and pending orders. */
export const OUTBOX_STATE_WORD: Record<OutboxState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  accepted: 'Sent',
  rejected: 'Rejected',
  unconfirmed: 'Unconfirmed',
};

/** What the state means, for the waiter (a second line or a screen reader). */
export const OUTBOX_STATE_MEANING: Record<OutboxState, string> = {
  queued: 'Saved on this terminal; it leaves as soon as the connection allows.',
  sending: 'On its way to the POS now.',
  accepted: 'The POS has it.',
  rejected: 'The POS refused it: it is not in the POS.',
  unconfirmed: 'It left, but no answer came back: it may or may not be in the POS.',
};

/**
 * What the waiter decided about an entry, shown instead of its last state once resolved: a
 * discarded entry keeps state "queued" in the outbox but is not waiting for anything.
 */
export const OUTBOX_RESOLUTION_WORD: Record<OutboxResolution, string> = {
  'marked-done': 'Done at the POS',
  discarded: 'Discarded',
  'sent-as-round': 'Sent as a round',
  moved: 'Moved',
};

export const OUTBOX_KIND_WORD: Record<OutboxKind, string> = {
  seating: 'Seating',
  round: 'Round',
  takeaway: 'Takeaway',
  delivery: 'Delivery',
};

/**
 * "just now", "3 min", "1 h 05 min", "2 days": how long an entry has waited. A clock that is
 * behind the entry's time (another terminal's clock, a corrected clock) reads as "just now".
 */
export function describeAge(sinceIso: string, now: Date): string {
  const since = Date.parse(sinceIso);
  if (Number.isNaN(since)) return 'unknown age';
  const minutes = Math.floor((now.getTime() - since) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
  const days = Math.floor(hours / 24);
  return days === 1 ? '1 day' : `${days} days`;
}

/** "14:05" local time of an ISO instant (rounds list). */
export function describeClock(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
}

/** "1 attempt", "3 attempts", "not tried yet". */
export function describeAttempts(attempts: number): string {
  if (attempts <= 0) return 'not tried yet';
  return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

export type PendingAction = 'retry-now' | 'resend' | 'mark-done' | 'discard' | 'send-as-round' | 'move';

/**
 * What a waiter may do with a pending entry, in the order the buttons show (ARCHITECTURE §5):
 * - queued: it will leave by itself; "Retry now" skips a Retry-After wait. Discard stays possible
 *   (nothing was sent yet), always behind a confirmation.
 * - sending: nothing — the request is on its way; its outcome decides.
 * - unconfirmed: never resent automatically; the waiter checks the POS, then resends or marks it
 *   done (or discards it).
 * - rejected: resending the same request cannot help; mark it done (dealt with at the POS) or
 *   discard it. A seating refused because the table already has an open order (a conflict) can go
 *   as a round into that order instead, or be moved to another table.
 */
export function pendingActions(entry: Pick<OutboxEntry, 'state' | 'kind' | 'conflict'>): PendingAction[] {
  switch (entry.state) {
    case 'queued':
      return ['retry-now', 'discard'];
    case 'sending':
    case 'accepted':
      return [];
    case 'unconfirmed':
      return ['resend', 'mark-done', 'discard'];
    case 'rejected':
      return entry.kind === 'seating' && entry.conflict ? ['send-as-round', 'move', 'mark-done', 'discard'] : ['mark-done', 'discard'];
  }
}

/** The confirmation shown before "Resend": what to check first, and why. */
export function resendWarning(entry: Pick<OutboxEntry, 'kind' | 'label'>): string {
  if (entry.kind === 'seating') {
    return (
      `${entry.label}: the seating may already be open in the POS. Resending is safe: the POS refuses ` +
      'a second open order on the same table, and that refusal tells this terminal the first one arrived.'
    );
  }
  return (
    `${entry.label}: this order may already be in the POS. Check there first — if you find it, tap ` +
    '"Mark done" instead. Resending an order that arrived puts it in the POS twice.'
  );
}

/** The confirmation shown before "Discard". */
export function discardWarning(entry: Pick<OutboxEntry, 'state' | 'label'>): string {
  if (entry.state === 'unconfirmed') {
    return `${entry.label}: discard it only if it is not in the POS, or you have dealt with it there. This terminal forgets it.`;
  }
  if (entry.state === 'rejected') return `${entry.label} is not in the POS. Discarding it means it will not be sent; this terminal forgets it.`;
  return `${entry.label} has not been sent yet. Discarding it means it will never reach the POS.`;
}

/** `comanda-pending-2026-11-22.json` (local date). */
export function exportFileName(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `comanda-pending-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** The header's count badge: what the button says to a screen reader as well. */
export function pendingButtonName(count: number): string {
  if (count === 0) return 'Pending orders: none';
  return count === 1 ? 'Pending orders: 1 waiting or needing attention' : `Pending orders: ${count} waiting or needing attention`;
}

export type ConnectionState = 'connecting' | 'online' | 'offline';

/**
 * The header's connection indicator: one or two short words (the 1280 px header is full), and a
 * longer sentence for the title and screen readers. `waiting` = entries queued or sending.
 * "Online" stays in the sentence while sending, so the state is always said. Storage that refuses
 * writes comes first (issue 10 item 9): no order can be saved or leave until it is fixed.
 */
export function connectionActivityText(
  connection: ConnectionState,
  waiting: number,
  cannotSave = false,
): { label: string; sentence: string; busy: boolean; problem: boolean } {
  if (cannotSave) {
    const { sentence } = connectionActivityText(connection, waiting);
    return { label: 'Cannot save orders', sentence: `${CANNOT_SAVE_MESSAGE} ${sentence}`, busy: false, problem: true };
  }
  return { ...connectionText(connection, waiting), problem: false };
}

function connectionText(connection: ConnectionState, waiting: number): { label: string; sentence: string; busy: boolean } {
  const orders = waiting === 1 ? '1 order' : `${waiting} orders`;
  switch (connection) {
    case 'connecting':
      return { label: 'Connecting…', sentence: waiting > 0 ? `Connecting; ${orders} waiting to be sent.` : 'Connecting.', busy: false };
    case 'online':
      return waiting > 0
        ? { label: `Sending ${waiting}`, sentence: `Online: sending ${orders} to the POS.`, busy: true }
        : { label: 'Online', sentence: 'Online.', busy: false };
    case 'offline':
      return waiting > 0
        ? { label: `Offline · ${waiting} waiting`, sentence: `Offline: ${orders} saved here, sent when the connection returns.`, busy: false }
        : { label: 'Offline', sentence: 'Offline.', busy: false };
  }
}

/** The state of an entry in the rounds list / pending list, read as one line for a screen reader. */
export function entryStateSentence(entry: Pick<OutboxEntry, 'state' | 'lastError'>): string {
  const base = `${OUTBOX_STATE_WORD[entry.state]}. ${OUTBOX_STATE_MEANING[entry.state]}`;
  return entry.lastError && entry.state !== 'accepted' ? `${base} Last problem: ${entry.lastError.message}` : base;
}

export interface MovableTable {
  id: number;
  name: string;
  roomName: string;
}

/**
 * Tables a seating in conflict can move to: every table of an active room that no open service on
 * this terminal holds, minus the seating's own tables (the POS already has an open order there).
 * By room (in the given room order), then by name as people read numbers ("T2" before "T10").
 */
export function tablesForMove(
  rooms: readonly { id: number; name: string; active: boolean }[],
  tables: readonly { id: number; name: string; roomId: number }[],
  busyTableIds: Iterable<number>,
  ownTableIds: readonly number[],
): MovableTable[] {
  const busy = new Set<number>([...busyTableIds, ...ownTableIds]);
  const roomOrder = new Map(rooms.filter((r) => r.active).map((r, i) => [r.id, { i, name: r.name }]));
  return tables
    .filter((t) => roomOrder.has(t.roomId) && !busy.has(t.id))
    .map((t) => ({ id: t.id, name: t.name, roomName: roomOrder.get(t.roomId)?.name ?? '', order: roomOrder.get(t.roomId)?.i ?? 0 }))
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, undefined, { numeric: true }))
    .map(({ id, name, roomName }) => ({ id, name, roomName }));
}
