import { useLiveQuery } from 'dexie-react-hooks';
import { memo, useCallback, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { FloorTable } from '../../../../shared/bridge';
import type { FloorDb } from '../../data/catalog/catalogDb';
import { tablesOfRoom } from '../../data/floor/floorRepository';
import { queueSelectors, useQueueStore } from '../../data/queue/queueStore';
import type { TableStatus } from '../../data/floor/tableStatus';
import { FALLBACK_FILL, parseHexColor, readableTextColor } from '../../ui/contrast';
import { IconLink } from '../../ui/icons';
import { useElementSize } from '../../ui/useElementSize';
import { serviceSelectors, useServiceStore } from '../../session/navigation';
import { tapTable } from './tapTable';
import { IconPerson, TableStatusIcon } from './FloorIcons';
import { centreOf, gapMidpoint, joinedPairs, layoutRoom, ROUND_TABLE_TYPE_ID, tableKind, type JoinedPair, type PlacedTable } from './floorLayout';
import { IconPaid, usePaidServiceIds } from './paidTables';
import {
  describeTableState,
  reuseUnchanged,
  serviceCompanions,
  shownKind,
  shownText,
  statusOf,
  tableFace,
  tableStateWord,
  type TableChoice,
} from './tableFace';
import './floor.css';

/** Keeps the plan clear of the area's edges (and of the selection ring). */
const PLAN_PADDING_PX = 28;

const NO_STATUSES: ReadonlyMap<number, TableStatus> = new Map();

/**
 * The statuses of every table from the queue store (one derivation per snapshot), with each
 * unchanged table's object kept from the previous snapshot (reuseUnchanged).
 */
function useTableStatuses(): ReadonlyMap<number, TableStatus> {
  const read = useQueueStore(queueSelectors.tableStatuses);
  // The previous result is state, adjusted while rendering when the snapshot changes (React's
  // "storing information from previous renders"): no ref is read during render.
  const [kept, setKept] = useState<{ read: ReadonlyMap<number, TableStatus> | null; statuses: ReadonlyMap<number, TableStatus> }>({
    read: null,
    statuses: NO_STATUSES,
  });
  if (kept.read === read) return kept.statuses;
  const next = { read, statuses: reuseUnchanged(kept.statuses, read) };
  setKept(next);
  return next.statuses;
}

/** One room's tables, drawn where the back office put them and scaled to fit the screen. */
export function RoomPlan({
  db,
  roomId,
  roomName,
  labelledBy,
  panelId,
}: {
  db: FloorDb;
  roomId: number;
  roomName: string;
  labelledBy: string;
  panelId: string;
}) {
  const { t } = useTranslation('floor');
  // Narrow, indexed read: only this room's tables (STYLE: Dexie).
  const tables = useLiveQuery(() => tablesOfRoom(db, roomId), [db, roomId]);
  const statuses = useTableStatuses();
  const paidServices = usePaidServiceIds();
  const chosen = useServiceStore(serviceSelectors.multiSelect);
  const areaRef = useRef<HTMLDivElement>(null);
  const area = useElementSize(areaRef);

  const layout = useMemo(() => layoutRoom(tables ?? [], area, PLAN_PADDING_PX), [tables, area]);
  const pairs = useMemo(() => joinedPairs(layout.tables), [layout]);
  const nameOf = useMemo(() => {
    const names = new Map((tables ?? []).map((table) => [table.id, table.name]));
    return (id: number) => names.get(id);
  }, [tables]);
  const onTap = useCallback((table: FloorTable, status: TableStatus) => tapTable(table, status), []);

  const selecting = chosen !== null;
  const orderOf = (tableId: number): number => (chosen ? chosen.findIndex((t) => t.id === tableId) + 1 : 0);

  return (
    <div className="room-plan" id={panelId} role="tabpanel" aria-labelledby={labelledBy}>
      <div className="room-plan__area" ref={areaRef}>
        {tables !== undefined && tables.length === 0 && <p className="room-plan__empty">{t('roomHasNoTables', { room: roomName })}</p>}
        {pairs.map((pair) => (
          <JoinConnector key={pair.key} pair={pair} />
        ))}
        {layout.tables.map((placed) => {
          const order = orderOf(placed.table.id);
          return (
            <TableButton
              key={placed.table.id}
              placed={placed}
              kind={tableKind(t, placed.table, nameOf)}
              joinedWithName={joinedName(placed.table, nameOf)}
              status={statusOf(statuses, placed.table.id)}
              paid={shownKind(statusOf(statuses, placed.table.id), paidServices) === 'paid'}
              selecting={selecting}
              chosenOrder={order}
              primary={order > 0 && order === chosen?.length}
              onTap={onTap}
            />
          );
        })}
        {pairs.map((pair) => (
          <JoinBadge key={pair.key} pair={pair} />
        ))}
        {chosen &&
          chosen.map((seatTable, i) => {
            const placed = layout.tables.find((p) => p.table.id === seatTable.id);
            return placed ? <ChoiceBadge key={seatTable.id} placed={placed} order={i + 1} primary={i === chosen.length - 1} /> : null;
          })}
      </div>
    </div>
  );
}

interface TableButtonProps {
  placed: PlacedTable;
  /** tableKind: "round table, joined with 13". */
  kind: string;
  joinedWithName: string | null;
  /** The same object while nothing it shows changed (useTableStatuses), so memo holds. */
  status: TableStatus;
  /** The table's bill is paid (shown as "Paid", word and icon). */
  paid: boolean;
  selecting: boolean;
  /** 1, 2, 3… in a "Seat several" choice; 0 when not chosen. */
  chosenOrder: number;
  primary: boolean;
  onTap: (table: FloorTable, status: TableStatus) => void;
}

/**
 * A table: its name, its state by icon and word (and colour), its guests. Memoised on props that
 * are primitives or stable objects, so at 300 tables a status change re-renders only that table.
 */
const TableButton = memo(function TableButton({
  placed,
  kind: tableKindText,
  joinedWithName,
  status,
  paid,
  selecting,
  chosenOrder,
  primary,
  onTap,
}: TableButtonProps) {
  const { t } = useTranslation('floor');
  const { t: billT } = useTranslation('bill');
  const kind = paid ? 'paid' : status.kind;
  const stateIcon = paid ? <IconPaid className="table-state__icon" /> : <TableStatusIcon kind={status.kind} className="table-state__icon" />;
  const { table, left, top, width, height } = placed;
  const fill = parseHexColor(table.color) ?? FALLBACK_FILL;
  const round = table.typeId === ROUND_TABLE_TYPE_ID;
  const name = table.name || String(table.id);
  // Joined in the back office, or seated together in one service: "with 7" either way.
  const companions = serviceCompanions(status, table.id);
  const joinedText = table.isJoined
    ? joinedWithName
      ? t('with', { names: joinedWithName })
      : t('joined')
    : companions.length > 0
      ? t('with', { names: companions.join(', ') })
      : null;
  const stateWord = paid ? billT('paidMark') : tableStateWord(t, status.kind);
  const face = tableFace({ width, height }, name, round, status, stateWord, joinedText);
  const choice: TableChoice | null = chosenOrder > 0 ? { order: chosenOrder, primary } : null;
  // While choosing several, only free tables can be chosen; the others say so and do nothing.
  const unavailable = selecting && status.kind !== 'free';

  const style: CSSProperties = { left, top, width, height, background: fill, color: readableTextColor(fill), fontSize: face.fontSize };
  const classes = [
    'floor-table',
    `floor-table--${status.kind}`,
    paid && 'floor-table--paid',
    round && 'floor-table--round',
    face.chip === 'inline-icon' && 'floor-table--tiny',
    table.isJoined && 'floor-table--joined',
    choice && 'floor-table--selected',
    unavailable && 'floor-table--unavailable',
  ]
    .filter(Boolean)
    .join(' ');
  // The name starts with what the button shows, in its order (WCAG 2.5.3): "5 Free, table".
  const shown = shownText(face, name, status, stateWord, joinedText);
  const label = describeTableState(t, tableKindText, status, choice, table.id, stateWord, shown) + (unavailable ? `, ${t('cannotChoose')}` : '');

  return (
    <button
      type="button"
      className={classes}
      style={style}
      aria-label={label}
      aria-pressed={selecting && !unavailable ? choice !== null : undefined}
      aria-disabled={unavailable || undefined}
      onClick={() => onTap(table, status)}
    >
      <span className="floor-table__head">
        <span className="floor-table__name">{name}</span>
        {face.joinedIcon && <IconLink className="floor-table__joined-icon floor-table__joined-icon--inline" />}{' '}
        {face.guests && (
          <span className="table-guests">
            <IconPerson className="table-guests__icon" />
            {status.guests}
          </span>
        )}
      </span>{' '}
      {/* On the tiniest tables (a room of hundreds) a free table carries no mark, so the names
          stay readable; every other state keeps its icon in the corner (and the name says it all). */}
      {face.chip === 'inline-icon' && status.kind !== 'free' && <span className={`table-state table-state--${kind} table-state--corner`}>{stateIcon}</span>}
      {face.chip !== 'inline-icon' && (
        <span
          className={['table-state', `table-state--${kind}`, face.chip === 'two-lines' && 'table-state--two-lines', face.smallChip && 'table-state--small']
            .filter(Boolean)
            .join(' ')}
        >
          {stateIcon}
          {face.chip !== 'icon-only' && <span className="table-state__word">{stateWord}</span>}
        </span>
      )}{' '}
      {joinedText !== null && face.joinedRow && (
        <span className="floor-table__joined">
          <IconLink className="floor-table__joined-icon" />
          <span>{joinedText}</span>
        </span>
      )}
    </button>
  );
});

function joinedName(table: FloorTable, nameOf: (id: number) => string | undefined): string | null {
  if (!table.isJoined || table.joinedWithId == null) return null;
  return nameOf(table.joinedWithId) ?? null;
}

/** "2", or "3 · primary" on the last chosen (spec 2.9): above the table's corner, outside its clip. */
function ChoiceBadge({ placed, order, primary }: { placed: PlacedTable; order: number; primary: boolean }) {
  const { t } = useTranslation('floor');
  const style: CSSProperties = { left: placed.left + placed.width, top: placed.top };
  return (
    <div className={`choice-badge${primary ? ' choice-badge--primary' : ''}`} style={style} aria-hidden="true">
      {order}
      {primary && <span className="choice-badge__primary">{t('primary')}</span>}
    </div>
  );
}

/** A thick striped bar between the centres of two joined tables, drawn beneath them. */
function JoinConnector({ pair }: { pair: JoinedPair }) {
  const a = centreOf(pair.a);
  const b = centreOf(pair.b);
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const angle = Math.atan2(b.y - a.y, b.x - a.x);
  const style: CSSProperties = { left: a.x, top: a.y, width: length, transform: `translateY(-50%) rotate(${angle}rad)` };
  return <div className="join-connector" style={style} aria-hidden="true" />;
}

/** A chain-link badge in the gap between two joined tables (on the seam when they touch), above both. */
function JoinBadge({ pair }: { pair: JoinedPair }) {
  const { x, y } = gapMidpoint(pair);
  return (
    <div className="join-badge" style={{ left: x, top: y }} aria-hidden="true">
      <IconLink />
    </div>
  );
}
