import type { TFunction } from 'i18next';
import type { OutboxResolution, OutboxState } from '../../../shared/bridge';

// An outbox entry's state in the waiter's words: the word beside its icon (never colour alone) and
// what it means. The rounds list, the bill and the pending screen say them (docs/decisions.md,
// "Renderer layers").

type PendingT = TFunction<'pending'>;

const STATE_WORD = {
  queued: 'stateQueued',
  sending: 'stateSending',
  accepted: 'stateAccepted',
  rejected: 'stateRejected',
  unconfirmed: 'stateUnconfirmed',
} as const satisfies Record<OutboxState, string>;

const STATE_MEANING = {
  queued: 'meaningQueued',
  sending: 'meaningSending',
  accepted: 'meaningAccepted',
  rejected: 'meaningRejected',
  unconfirmed: 'meaningUnconfirmed',
} as const satisfies Record<OutboxState, string>;

const RESOLUTION_WORD = {
  'marked-done': 'resolvedMarkedDone',
  discarded: 'resolvedDiscarded',
  'sent-as-round': 'resolvedSentAsRound',
  moved: 'resolvedMoved',
} as const satisfies Record<OutboxResolution, string>;

/** The word shown beside the state's icon ("Queued", "Sent"…): rounds list and pending orders. */
export function outboxStateWord(t: PendingT, state: OutboxState): string {
  return t(STATE_WORD[state]);
}

/** What the state means, for the waiter (a second line or a screen reader). */
export function outboxStateMeaning(t: PendingT, state: OutboxState): string {
  return t(STATE_MEANING[state]);
}

/**
 * What the waiter decided about an entry, shown instead of its last state once resolved: a
 * discarded entry keeps state "queued" in the outbox but is not waiting for anything.
 */
export function outboxResolutionWord(t: PendingT, resolution: OutboxResolution): string {
  return t(RESOLUTION_WORD[resolution]);
}
