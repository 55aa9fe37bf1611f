import type { TFunction } from 'i18next';
import { FREE_TABLE, type TableStatus, type TableStatusKind } from '../../data/floor/tableStatus';

// What a table button shows and says: its state by icon AND word as well as
// colour, and its guests. Pure, so the wording and the fitting rules are unit-tested.

/** Where a free table stands in a "Seat several" choice: 1, 2, 3…; the last chosen is the primary (spec 2.9). */
export interface TableChoice {
  order: number;
  primary: boolean;
}

const STATE_KEY = {
  free: 'stateFree',
  seated: 'stateSeated',
  'open-order': 'stateOpenOrder',
  sending: 'stateSending',
  attention: 'stateAttention',
} as const satisfies Record<TableStatusKind, string>;

/** "Free", "Seated", "Open order", "Sending", "Needs attention": the word shown with the state's icon. */
export function tableStateWord(t: TFunction<'floor'>, kind: TableStatusKind): string {
  return t(STATE_KEY[kind]);
}

/**
 * What a table shows: its status, or "paid" for a table with an open order whose bill is
 * paid and nothing waiting (`paidServices`: features/bill usePaidServiceIds).
 */
export type ShownKind = TableStatusKind | 'paid';

export function shownKind(status: TableStatus, paidServices: ReadonlySet<string>): ShownKind {
  return status.kind === 'open-order' && status.service !== null && paidServices.has(status.service.id) ? 'paid' : status.kind;
}

/** "1 guest", "3 guests". */
export function guestsText(t: TFunction<'floor'>, guests: number): string {
  return t('guests', { count: guests });
}

/** The other tables seated in the same service as this one (seated together), by name. */
export function serviceCompanions(status: TableStatus, tableId: number): string[] {
  const service = status.service;
  if (!service || service.tableIds.length < 2) return [];
  return service.tableIds.flatMap((id, i) => (id === tableId ? [] : [service.tableNames[i] ?? String(id)]));
}

/** What a table button shows as text, in its order on the button (tableFace decides what fits). */
export interface ShownText {
  /** "5 Free", "3 4 Seated with 4": the name, the guests' number, the state word, the joined row. */
  text: string;
  /** The state word is among them (not on a chip showing its icon alone). */
  stateShown: boolean;
}

/** The words a table's face shows, in order: the name, the guests, the state word and "with 4" where they fit. */
export function shownText(face: TableFace, name: string, status: TableStatus, stateWord: string, joinedText: string | null): ShownText {
  const stateShown = face.chip === 'one-line' || face.chip === 'two-lines';
  const parts = [name, face.guests ? String(status.guests) : null, stateShown ? stateWord : null, face.joinedRow ? joinedText : null];
  return { text: parts.filter((part): part is string => part !== null).join(' '), stateShown };
}

/**
 * "T5, table, seated, 3 guests": the name first (describeTable), so a waiter's screen reader and
 * the e2e tests find the table by its name; then the state, guests and what is waiting. Given
 * what the button shows (`shown`), the name starts with exactly those words and `base` is what
 * the table is (tableKind): "5 Free, table" (WCAG 2.5.3, label in name); the state word is not
 * said twice.
 */
export function describeTableState(
  t: TFunction<'floor'>,
  base: string,
  status: TableStatus,
  choice: TableChoice | null = null,
  tableId?: number,
  stateWord?: string,
  shown?: ShownText,
): string {
  const word = (stateWord ?? tableStateWord(t, status.kind)).toLowerCase();
  const parts = shown ? [shown.text, base, ...(shown.stateShown ? [] : [word])] : [base, word];
  const companions = tableId === undefined ? [] : serviceCompanions(status, tableId);
  if (companions.length > 0) parts.push(t('togetherWith', { names: companions.join(', ') }));
  if (status.guests > 0) parts.push(guestsText(t, status.guests));
  if (status.waiting > 0) parts.push(t('ordersWaiting', { count: status.waiting }));
  if (status.problems > 0) parts.push(t('ordersAttention', { count: status.problems }));
  if (choice) parts.push(t(choice.primary ? 'chosenPrimary' : 'chosen', { order: choice.order }));
  return parts.join(', ');
}

function sameStatus(a: TableStatus, b: TableStatus): boolean {
  return (
    a.kind === b.kind && a.guests === b.guests && a.waiting === b.waiting && a.problems === b.problems && (a.service?.id ?? null) === (b.service?.id ?? null)
  );
}

/**
 * Each table's status object from the previous read when nothing it shows changed, so the
 * memoised table buttons (React.memo) re-render only where something changed: the live query
 * builds a fresh Map on every outbox write, and 300 tables must stay smooth.
 */
export function reuseUnchanged(previous: ReadonlyMap<number, TableStatus>, next: ReadonlyMap<number, TableStatus>): Map<number, TableStatus> {
  const result = new Map<number, TableStatus>();
  for (const [tableId, status] of next) {
    const before = previous.get(tableId);
    result.set(tableId, before && sameStatus(before, status) ? before : status);
  }
  return result;
}

/** A table absent from the statuses is free: the one shared FREE_TABLE object (stable identity). */
export function statusOf(statuses: ReadonlyMap<number, TableStatus> | undefined, tableId: number): TableStatus {
  return statuses?.get(tableId) ?? FREE_TABLE;
}

/**
 * How the state shows: a chip with icon and word on one line, the same on two lines ("Needs" /
 * "attention"), the chip with its icon alone (a narrow table), or — on the tiniest tables, with
 * no height for a second row — the icon beside the name.
 */
export type ChipFit = 'one-line' | 'two-lines' | 'icon-only' | 'inline-icon';

export interface TableFace {
  fontSize: number;
  chip: ChipFit;
  /** The chip in 12 px type instead of 14 px (a narrow or round table). */
  smallChip: boolean;
  /** The guest count pill beside the name (hidden only where it cannot fit). */
  guests: boolean;
  /** The "with 4" row of a joined table. */
  joinedRow: boolean;
  /** The joined glyph beside the name, when the row does not fit but the glyph does. */
  joinedIcon: boolean;
}

/** Rough width of a bold character at 14 and 12 px (DejaVu Sans on Debian is wide), generous so text never clips. */
const CHIP_CHAR_PX = { normal: 8.8, small: 7.6 } as const;
/** Chip padding, icon and gap. */
const CHIP_FRAME_PX = { normal: 10 + 16 + 3, small: 10 + 14 + 3 } as const;
const CHIP_LINE_PX = { normal: 17, small: 15 } as const;
const CHIP_EXTRA_PX = 6;
const JOINED_ROW_PX = 19;
/** The guests pill: icon, padding, border; plus its digits. */
const GUESTS_FRAME_PX = 16 + 3 + 14;
const GUESTS_DIGIT_PX = 9;
/** Borders and padding inside the button (styles.css .floor-table, floor.css): plain 3 px, needs
 * attention 5 px, joined double 6 px (7 px when it also needs attention); padding 4 px. */
const FRAME_PX = 2 * 3 + 2 * 4;
const ATTENTION_FRAME_PX = 2 * 5 + 2 * 4;
const JOINED_FRAME_PX = 2 * 7 + 2 * 4;
const MIN_NAME_PX = 16;
/** A bold character of the name, in em (digits of DejaVu Sans Bold are 0.7 em). */
const NAME_CHAR_EM = 0.72;
/** The tiniest tables' names (their padding is 1 px, floor.css .floor-table--tiny). */
const MIN_TINY_NAME_PX = 12;
const TINY_FRAME_PX = 10;
/** An icon beside the name, with its gap. */
const INLINE_ICON_PX = 23;
/** Round tables: the usable chord a little below the centre, where the chip sits. */
const ROUND_WIDTH = 0.92;
const ROUND_HEIGHT = 0.85;

function chipFit(word: string, inner: number, innerHeight: number): { chip: ChipFit; smallChip: boolean; height: number } {
  const longestPart = Math.max(...word.split(' ').map((part) => part.length));
  for (const size of ['normal', 'small'] as const) {
    const line = CHIP_LINE_PX[size] + CHIP_EXTRA_PX;
    if (CHIP_FRAME_PX[size] + word.length * CHIP_CHAR_PX[size] <= inner && innerHeight - line >= MIN_NAME_PX) {
      return { chip: 'one-line', smallChip: size === 'small', height: line };
    }
  }
  for (const size of ['normal', 'small'] as const) {
    const lines = 2 * CHIP_LINE_PX[size] + CHIP_EXTRA_PX;
    if (word.includes(' ') && CHIP_FRAME_PX[size] + longestPart * CHIP_CHAR_PX[size] <= inner && innerHeight - lines >= MIN_NAME_PX + 4) {
      return { chip: 'two-lines', smallChip: size === 'small', height: lines };
    }
  }
  const iconRow = CHIP_LINE_PX.normal + CHIP_EXTRA_PX;
  if (innerHeight - iconRow >= MIN_NAME_PX && inner >= 28) return { chip: 'icon-only', smallChip: false, height: iconRow };
  return { chip: 'inline-icon', smallChip: false, height: 0 };
}

/**
 * Sizes a table's content to its drawn box: the state chip (icon + `stateWord`, in the terminal's
 * language) first — on one line, or
 * on two when a long word pair does not fit, in 14 or else 12 px type — then the guests pill
 * beside the name, the joined row when there is height left, and the name as large as the rest
 * allows (16–48 px). On the tiniest tables (a 300-table room) the state icon sits beside the
 * name; the button's accessible name always says everything.
 */
export function tableFace(
  box: { width: number; height: number },
  name: string,
  round: boolean,
  status: TableStatus,
  stateWord: string,
  joinedText: string | null,
): TableFace {
  const frame = joinedText !== null ? JOINED_FRAME_PX : status.kind === 'attention' ? ATTENTION_FRAME_PX : FRAME_PX;
  const inner = Math.max(box.width - frame, 0) * (round ? ROUND_WIDTH : 1);
  const innerHeight = Math.max(box.height - frame, 0) * (round ? ROUND_HEIGHT : 1);
  const { chip, smallChip, height: chipHeight } = chipFit(stateWord, inner, innerHeight);

  const free = innerHeight - chipHeight;
  const joinedRow = joinedText !== null && free - JOINED_ROW_PX >= 24 && 22 + joinedText.length * 9.5 <= inner;
  const nameHeight = free - (joinedRow ? JOINED_ROW_PX : 0);

  if (chip === 'inline-icon') {
    // The tiniest tables: the state icon sits in a corner (floor.css), the name takes the rest,
    // down to 12 px — a 44 px table of a 300-table room still shows "123".
    const tinyFont = Math.round(Math.max(MIN_TINY_NAME_PX, Math.min(MIN_NAME_PX, (box.width - TINY_FRAME_PX) / (Math.max(name.length, 1) * NAME_CHAR_EM))));
    return { fontSize: tinyFont, chip, smallChip: false, guests: false, joinedRow: false, joinedIcon: false };
  }

  // Beside the name, while the name still fits at 16 px: the guests, then the joined glyph (the
  // connector and the double border also say "joined").
  let room = inner - name.length * MIN_NAME_PX * NAME_CHAR_EM;
  const guestsWidth = status.guests > 0 ? GUESTS_FRAME_PX + String(status.guests).length * GUESTS_DIGIT_PX + 5 : 0;
  const guests = guestsWidth > 0 && guestsWidth <= room;
  if (guests) room -= guestsWidth;
  const joinedIcon = joinedText !== null && !joinedRow && INLINE_ICON_PX <= room;

  const nameWidth = inner - (guests ? guestsWidth : 0) - (joinedIcon ? INLINE_ICON_PX : 0);
  const fontSize = Math.round(Math.max(MIN_NAME_PX, Math.min(48, nameHeight * 0.8, nameWidth / (Math.max(name.length, 1) * NAME_CHAR_EM))));
  return { fontSize, chip, smallChip, guests, joinedRow, joinedIcon };
}
