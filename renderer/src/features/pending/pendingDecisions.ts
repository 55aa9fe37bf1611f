import type { Outbox } from '../../data/queue/outboxTypes';
import type { PinGate } from '../../session/lock/pinGate';

// A waiter's decision on a pending entry, as the Pending orders screen carries it
// out. Mark done and Discard take an entry out of the queue for good, so they ask the terminal PIN
// first; the gate asks nothing when no PIN is set.

export type Decision = 'retry-now' | 'resend' | 'mark-done' | 'discard' | 'send-as-round';

export type DecisionOutcome = 'done' | 'refused';

/** Carries out `decision` on the entry; 'refused' when the PIN gate said no, and then nothing is called. */
export async function decide(
  outbox: Pick<Outbox, 'retryNow' | 'resend' | 'markDone' | 'discard' | 'sendSeatingAsRound'>,
  gate: PinGate,
  entryId: string,
  decision: Decision,
): Promise<DecisionOutcome> {
  switch (decision) {
    case 'retry-now':
      await outbox.retryNow(entryId);
      return 'done';
    case 'resend':
      await outbox.resend(entryId);
      return 'done';
    case 'send-as-round':
      await outbox.sendSeatingAsRound(entryId);
      return 'done';
    case 'mark-done':
      if (!(await gate.confirm('mark-done'))) return 'refused';
      await outbox.markDone(entryId);
      return 'done';
    case 'discard':
      if (!(await gate.confirm('discard'))) return 'refused';
      await outbox.discard(entryId);
      return 'done';
  }
}
