import { describe, expect, it } from 'vitest';
import {
  OUTBOX_RESOLUTION_WORD,
  OUTBOX_STATE_WORD,
  connectionActivityText,
  describeAge,
  describeAttempts,
  describeClock,
  discardWarning,
  entryStateSentence,
  exportFileName,
  pendingActions,
  pendingButtonName,
  resendWarning,
  tablesForMove,
} from './pendingText';

const now = new Date('2026-11-22T12:00:00Z');
const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000).toISOString();

describe('describeAge', () => {
  it('reads in waiter words, from seconds to days', () => {
    expect(describeAge(minutesAgo(0.5), now)).toBe('just now');
    expect(describeAge(minutesAgo(3), now)).toBe('3 min');
    expect(describeAge(minutesAgo(59), now)).toBe('59 min');
    expect(describeAge(minutesAgo(65), now)).toBe('1 h 05 min');
    expect(describeAge(minutesAgo(24 * 60 + 5), now)).toBe('1 day');
    expect(describeAge(minutesAgo(3 * 24 * 60), now)).toBe('3 days');
  });

  it('a time ahead of the clock reads as just now; garbage as unknown', () => {
    expect(describeAge(minutesAgo(-10), now)).toBe('just now');
    expect(describeAge('not a date', now)).toBe('unknown age');
  });
});

describe('describeClock and describeAttempts', () => {
  it('formats local hours and minutes', () => {
    const local = new Date(2026, 10, 22, 9, 5);
    expect(describeClock(local.toISOString())).toBe('09:05');
    expect(describeClock('nope')).toBe('');
  });

  it('counts attempts', () => {
    expect(describeAttempts(0)).toBe('not tried yet');
    expect(describeAttempts(1)).toBe('1 attempt');
    expect(describeAttempts(4)).toBe('4 attempts');
  });
});

describe('pendingActions', () => {
  const entry = (state: Parameters<typeof pendingActions>[0]['state'], kind: Parameters<typeof pendingActions>[0]['kind'] = 'round', conflict = false) => ({
    state,
    kind,
    conflict,
  });

  it('offers retry now (and discard) for queued, nothing while sending or accepted', () => {
    expect(pendingActions(entry('queued'))).toEqual(['retry-now', 'discard']);
    expect(pendingActions(entry('sending'))).toEqual([]);
    expect(pendingActions(entry('accepted'))).toEqual([]);
  });

  it('never resends an unconfirmed entry without the waiter: resend, mark done, discard', () => {
    expect(pendingActions(entry('unconfirmed'))).toEqual(['resend', 'mark-done', 'discard']);
  });

  it('a rejected entry cannot be resent; a seating in conflict can go as a round or move', () => {
    expect(pendingActions(entry('rejected'))).toEqual(['mark-done', 'discard']);
    expect(pendingActions(entry('rejected', 'seating'))).toEqual(['mark-done', 'discard']);
    expect(pendingActions(entry('rejected', 'seating', true))).toEqual(['send-as-round', 'move', 'mark-done', 'discard']);
    expect(pendingActions(entry('rejected', 'round', true))).not.toContain('send-as-round');
  });
});

describe('warnings', () => {
  it('a seating resend explains why it is safe; an order resend says check the POS first', () => {
    expect(resendWarning({ kind: 'seating', label: 'T5' })).toMatch(/refuses a second open order/);
    const round = resendWarning({ kind: 'round', label: 'T5' });
    expect(round).toMatch(/Check there first/);
    expect(round).toMatch(/twice/);
  });

  it('discard warnings depend on whether the entry may be in the POS', () => {
    expect(discardWarning({ state: 'queued', label: 'T5' })).toMatch(/never reach the POS/);
    expect(discardWarning({ state: 'unconfirmed', label: 'T5' })).toMatch(/only if it is not in the POS/);
    expect(discardWarning({ state: 'rejected', label: 'T5' })).toMatch(/is not in the POS/);
  });
});

describe('exportFileName and pendingButtonName', () => {
  it('names the file by the local date', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59))).toBe('comanda-pending-2026-01-05.json');
  });

  it('the accessible name starts with "Pending orders" and says the count', () => {
    expect(pendingButtonName(0)).toBe('Pending orders: none');
    expect(pendingButtonName(1)).toMatch(/^Pending orders: 1 /);
    expect(pendingButtonName(7)).toMatch(/^Pending orders: 7 /);
  });
});

describe('connectionActivityText', () => {
  it('online: "Online", or "Sending N" while entries wait; the sentence still says online', () => {
    expect(connectionActivityText('online', 0)).toEqual({ label: 'Online', sentence: 'Online.', busy: false, problem: false });
    const sending = connectionActivityText('online', 3);
    expect(sending.label).toBe('Sending 3');
    expect(sending.sentence).toMatch(/^Online/);
    expect(sending.busy).toBe(true);
  });

  it('storage refusing writes: "Cannot save orders" first, in words, whatever the connection', () => {
    for (const connection of ['online', 'offline', 'connecting'] as const) {
      const text = connectionActivityText(connection, 2, true);
      expect(text.label).toBe('Cannot save orders');
      expect(text.sentence).toMatch(/^Orders cannot be saved on this terminal: storage is full or blocked\./);
      expect(text.problem).toBe(true);
      expect(text.busy).toBe(false);
    }
    expect(connectionActivityText('online', 0).problem).toBe(false);
  });

  it('offline: says how many wait', () => {
    expect(connectionActivityText('offline', 0).label).toBe('Offline');
    expect(connectionActivityText('offline', 2).label).toBe('Offline · 2 waiting');
    expect(connectionActivityText('offline', 1).sentence).toMatch(/1 order saved here/);
  });

  it('connecting', () => {
    expect(connectionActivityText('connecting', 0).label).toBe('Connecting…');
  });
});

describe('state words', () => {
  it('accepted reads as Sent; the sentence adds the last problem except once accepted', () => {
    expect(OUTBOX_STATE_WORD.accepted).toBe('Sent');
    const lastError = { kind: 'rejected:invalid', message: 'The POS does not know item 7', at: now.toISOString() };
    expect(entryStateSentence({ state: 'rejected', lastError })).toMatch(/Last problem: The POS does not know item 7/);
    expect(entryStateSentence({ state: 'accepted', lastError })).not.toMatch(/Last problem/);
  });
});

describe('tablesForMove', () => {
  it('free tables of active rooms, minus busy and the seating own tables, by room then natural name', () => {
    const rooms = [
      { id: 2, name: 'Terraza', active: true },
      { id: 1, name: 'Salón', active: true },
      { id: 3, name: 'Closed', active: false },
    ];
    const tables = [
      { id: 10, name: 'T10', roomId: 1 },
      { id: 2, name: 'T2', roomId: 1 },
      { id: 5, name: 'T5', roomId: 1 },
      { id: 20, name: 'E1', roomId: 2 },
      { id: 30, name: 'X1', roomId: 3 },
      { id: 6, name: 'T6', roomId: 1 },
    ];
    expect(tablesForMove(rooms, tables, [6], [5])).toEqual([
      { id: 20, name: 'E1', roomName: 'Terraza' },
      { id: 2, name: 'T2', roomName: 'Salón' },
      { id: 10, name: 'T10', roomName: 'Salón' },
    ]);
  });
});

describe('OUTBOX_RESOLUTION_WORD', () => {
  it('names every decision a waiter can take', () => {
    expect(OUTBOX_RESOLUTION_WORD).toEqual({ 'marked-done': 'Done at the POS', discarded: 'Discarded', 'sent-as-round': 'Sent as a round', moved: 'Moved' });
  });
});
