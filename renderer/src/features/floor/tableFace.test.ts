import { describe, expect, it } from 'vitest';
import type { TableService } from '../../../../shared/bridge';
import { FREE_TABLE, type TableStatus } from '../../data/floor/tableStatus';
import { createI18n } from '../../i18n/i18n';
import { describeTableState, guestsText, reuseUnchanged, serviceCompanions, shownText, statusOf, tableFace as faceWithWord, tableStateWord } from './tableFace';

const en = createI18n('en').getFixedT(null, 'floor');
const es = createI18n('es').getFixedT(null, 'floor');
/** The face with the English state word. */
const tableFace = (box: { width: number; height: number }, name: string, round: boolean, status: TableStatus, joinedText: string | null) =>
  faceWithWord(box, name, round, status, tableStateWord(en, status.kind), joinedText);

const service = (id: string, guests = 3): TableService => ({
  id,
  tableIds: [5],
  primaryTableId: 5,
  tableNames: ['T5'],
  guests,
  customer: null,
  notes: '',
  seatedAt: '2026-11-22T20:15:00.000Z',
  open: 1,
  closedAt: null,
});
const seated = (guests = 3, extra: Partial<TableStatus> = {}): TableStatus => ({
  kind: 'seated',
  service: service('s1', guests),
  guests,
  waiting: 0,
  problems: 0,
  ...extra,
});

describe('tables seated together', () => {
  it('names the other tables of the service, and says so after the state', () => {
    const together: TableStatus = { ...seated(6), service: { ...service('s2', 6), tableIds: [7, 6], primaryTableId: 6, tableNames: ['7', '6'] } };
    expect(serviceCompanions(together, 7)).toEqual(['6']);
    expect(serviceCompanions(together, 6)).toEqual(['7']);
    expect(serviceCompanions(seated(), 5)).toEqual([]);
    expect(describeTableState(en, '7, round table', together, null, 7)).toBe('7, round table, seated, together with 6, 6 guests');
  });
});

describe('describeTableState', () => {
  it('speaks Spanish, with plurals', () => {
    expect(describeTableState(es, 'T5, mesa', seated(1))).toBe('T5, mesa, ocupada, 1 comensal');
    expect(describeTableState(es, 'T5, mesa', seated(2, { kind: 'attention', problems: 2 }))).toBe(
      'T5, mesa, requiere atención, 2 comensales, 2 pedidos requieren atención',
    );
    expect(guestsText(es, 4)).toBe('4 comensales');
    expect(tableStateWord(es, 'open-order')).toBe('Con pedido');
  });

  it('begins with the table and says its state and guests', () => {
    expect(describeTableState(en, 'T5, table', seated())).toBe('T5, table, seated, 3 guests');
    expect(describeTableState(en, 'T5, table', seated(1))).toBe('T5, table, seated, 1 guest');
    expect(describeTableState(en, '12, round table', FREE_TABLE)).toBe('12, round table, free');
  });

  it('says what is waiting or needs attention, and the choice when seating several', () => {
    expect(describeTableState(en, 'T5, table', seated(2, { kind: 'sending', waiting: 2 }))).toBe('T5, table, sending, 2 guests, 2 orders waiting to send');
    expect(describeTableState(en, 'T5, table', seated(2, { kind: 'attention', problems: 1 }))).toBe(
      'T5, table, needs attention, 2 guests, 1 order needs attention',
    );
    expect(describeTableState(en, 'T5, table', FREE_TABLE, { order: 2, primary: true })).toBe('T5, table, free, chosen 2, primary table');
    expect(describeTableState(en, 'T6, table', FREE_TABLE, { order: 1, primary: false })).toBe('T6, table, free, chosen 1');
  });
});

describe('the button’s name starts with what it shows (WCAG 2.5.3, label in name)', () => {
  const wide = { width: 160, height: 90 };
  it('a free table: "5 Free, table"', () => {
    const face = tableFace(wide, '5', false, FREE_TABLE, null);
    const shown = shownText(face, '5', FREE_TABLE, 'Free', null);
    expect(shown).toEqual({ text: '5 Free', stateShown: true });
    expect(describeTableState(en, 'table', FREE_TABLE, null, 5, 'Free', shown)).toBe('5 Free, table');
  });

  it('the guests’ number and "with 4" as shown, in their order; the guests said again with their word', () => {
    const status = seated(4);
    const face = tableFace(wide, '3', false, status, 'with 4');
    expect(face).toMatchObject({ guests: true, chip: 'one-line', joinedRow: true });
    const shown = shownText(face, '3', status, 'Seated', 'with 4');
    expect(shown.text).toBe('3 4 Seated with 4');
    expect(describeTableState(en, 'table, joined with 4', status, null, 5, 'Seated', shown)).toBe('3 4 Seated with 4, table, joined with 4, 4 guests');
  });

  it('a chip with its icon alone: the state is said after what the table is', () => {
    const status = seated(2);
    const face = tableFace({ width: 60, height: 60 }, '12', true, status, null);
    expect(face.chip).toBe('icon-only');
    const shown = shownText(face, '12', status, 'Seated', null);
    expect(shown.stateShown).toBe(false);
    expect(describeTableState(en, 'round table', status, null, 12, 'Seated', shown)).toBe(`${shown.text}, round table, seated, 2 guests`);
  });

  it('speaks Spanish', () => {
    const face = tableFace(wide, '5', false, FREE_TABLE, null);
    const shown = shownText(face, '5', FREE_TABLE, tableStateWord(es, 'free'), null);
    expect(describeTableState(es, 'mesa', FREE_TABLE, null, 5, undefined, shown)).toBe('5 Libre, mesa');
  });
});

describe('reuseUnchanged', () => {
  it('keeps the previous object of an unchanged table, takes the new one where something changed', () => {
    const t5 = seated();
    const t6 = seated(2);
    const previous = new Map([
      [5, t5],
      [6, t6],
    ]);
    const next = reuseUnchanged(
      previous,
      new Map([
        [5, { ...t5 }],
        [6, { ...t6, kind: 'sending', waiting: 1 } as TableStatus],
        [7, seated(4)],
      ]),
    );
    expect(next.get(5)).toBe(t5);
    expect(next.get(6)).not.toBe(t6);
    expect(next.get(6)?.waiting).toBe(1);
    expect(next.get(7)?.guests).toBe(4);
    // A new service at the same table (cleared and re-seated) is a change even with equal figures.
    expect(reuseUnchanged(previous, new Map([[5, { ...t5, service: service('s2') }]])).get(5)).not.toBe(t5);
  });

  it('a table absent from the statuses is free, always the same object', () => {
    expect(statusOf(new Map(), 9)).toBe(FREE_TABLE);
    expect(statusOf(undefined, 9)).toBe(FREE_TABLE);
  });
});

describe('tableFace', () => {
  it('shows icon and word on one line and the guests beside the name on a demo-sized table', () => {
    // The demo venue's rectangular tables are drawn about 140 × 92 px at 1280 × 800.
    expect(tableFace({ width: 140, height: 92 }, '5', false, seated(), null)).toMatchObject({ chip: 'one-line', guests: true });
    expect(tableFace({ width: 116, height: 116 }, '12', true, seated(), null)).toMatchObject({ chip: 'one-line', guests: true });
    // A slightly smaller round table takes "Sending" in the smaller type.
    const sending = seated(2, { kind: 'sending', waiting: 1 });
    expect(tableFace({ width: 116, height: 116 }, '8', true, sending, null)).toMatchObject({ chip: 'one-line', smallChip: false });
    expect(tableFace({ width: 104, height: 104 }, '8', true, sending, null)).toMatchObject({ chip: 'one-line', smallChip: true });
  });

  it('fits the word of the terminal’s language', () => {
    const attention = seated(4, { kind: 'attention', problems: 1 });
    // "Cal atenció" (Catalan) fits one line where "Needs attention" takes two.
    const ca = createI18n('ca').getFixedT(null, 'floor');
    expect(faceWithWord({ width: 140, height: 92 }, '5', false, attention, tableStateWord(ca, 'attention'), null).chip).toBe('one-line');
  });

  it('puts a long state on two lines where one does not fit', () => {
    const attention = seated(4, { kind: 'attention', problems: 1 });
    expect(tableFace({ width: 140, height: 92 }, '5', false, attention, null).chip).toBe('two-lines');
    expect(tableFace({ width: 300, height: 100 }, '5', false, attention, null).chip).toBe('one-line');
  });

  it('keeps the chip with its icon alone on a narrow table, the guests beside the name', () => {
    const attention = seated(4, { kind: 'attention', problems: 1 });
    expect(tableFace({ width: 90, height: 90 }, '8', true, attention, null)).toMatchObject({ chip: 'icon-only', guests: true });
  });

  it('keeps only the icon, in a corner, on the tiniest tables; the name as large as fits', () => {
    const attention = seated(12, { kind: 'attention', problems: 1 });
    const tiny = tableFace({ width: 44, height: 44 }, '123', false, attention, null);
    expect(tiny).toMatchObject({ chip: 'inline-icon', guests: false, joinedRow: false });
    expect(tiny.fontSize).toBe(16);
    // A longer name on a tiny table shrinks to 12 px rather than being cut.
    expect(tableFace({ width: 44, height: 44 }, '1234', false, attention, null).fontSize).toBe(12);
  });

  it('keeps the joined row only when there is height and width for it', () => {
    expect(tableFace({ width: 160, height: 140 }, '3', false, FREE_TABLE, 'with 4').joinedRow).toBe(true);
    expect(tableFace({ width: 160, height: 80 }, '3', false, FREE_TABLE, 'with 4').joinedRow).toBe(false);
  });
});

describe('shownKind: a paid table shows Paid', () => {
  const open: TableStatus = { kind: 'open-order', service: service('s1'), guests: 3, waiting: 0, problems: 0 };
  it('an open order whose service is paid', async () => {
    const { shownKind } = await import('./tableFace');
    expect(shownKind(open, new Set(['s1']))).toBe('paid');
    expect(shownKind(open, new Set(['other']))).toBe('open-order');
    // A payment still waiting to leave: the table says Sending, not Paid.
    expect(shownKind({ ...open, kind: 'sending', waiting: 1 }, new Set(['s1']))).toBe('sending');
    expect(shownKind(FREE_TABLE, new Set(['s1']))).toBe('free');
  });
  it('the accessible name carries the word given', () => {
    expect(describeTableState(en, 'T5, table', open, null, 5, 'Paid')).toBe('T5, table, paid, 3 guests');
  });
});
