import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useRef, type CSSProperties } from 'react';
import type { FloorTable } from '../../../../shared/bridge';
import type { FloorDb } from '../../data/catalogDb';
import { tablesOfRoom } from '../../data/floorRepository';
import { FALLBACK_FILL, parseHexColor, readableTextColor } from '../../ui/contrast';
import { IconCheck, IconLink } from '../../ui/icons';
import { useElementSize } from '../../ui/useElementSize';
import { centreOf, describeTable, gapMidpoint, joinedPairs, layoutRoom, ROUND_TABLE_TYPE_ID, type JoinedPair, type PlacedTable } from './floorLayout';
import { floorSelectors, useFloorStore } from './floorStore';

/** Keeps the plan clear of the area's edges (and of the selection ring). */
const PLAN_PADDING_PX = 28;

/** One room's tables, drawn where the back office put them and scaled to fit the screen. */
export function RoomPlan({ db, roomId, roomName, labelledBy, panelId }: { db: FloorDb; roomId: number; roomName: string; labelledBy: string; panelId: string }) {
  // Narrow, indexed read: only this room's tables (STYLE: Dexie).
  const tables = useLiveQuery(() => tablesOfRoom(db, roomId), [db, roomId]);
  const areaRef = useRef<HTMLDivElement>(null);
  const area = useElementSize(areaRef);

  const layout = useMemo(() => layoutRoom(tables ?? [], area, PLAN_PADDING_PX), [tables, area]);
  const pairs = useMemo(() => joinedPairs(layout.tables), [layout]);
  const nameOf = useMemo(() => {
    const names = new Map((tables ?? []).map((table) => [table.id, table.name]));
    return (id: number) => names.get(id);
  }, [tables]);

  return (
    <div className="room-plan" id={panelId} role="tabpanel" aria-labelledby={labelledBy}>
      <div className="room-plan__area" ref={areaRef}>
        {tables !== undefined && tables.length === 0 && (
          <p className="room-plan__empty">{roomName} has no tables yet. Tables are set up in the back office.</p>
        )}
        {pairs.map((pair) => (
          <JoinConnector key={pair.key} pair={pair} />
        ))}
        {layout.tables.map((placed) => (
          <TableButton key={placed.table.id} placed={placed} label={describeTable(placed.table, nameOf)} joinedWithName={joinedName(placed.table, nameOf)} />
        ))}
        {pairs.map((pair) => (
          <JoinBadge key={pair.key} pair={pair} />
        ))}
      </div>
    </div>
  );
}

function TableButton({ placed, label, joinedWithName }: { placed: PlacedTable; label: string; joinedWithName: string | null }) {
  const { table, left, top, width, height } = placed;
  const selected = useFloorStore(floorSelectors.isTableSelected(table.id));
  const toggleTable = useFloorStore(floorSelectors.toggleTable);
  const fill = parseHexColor(table.color) ?? FALLBACK_FILL;
  const round = table.typeId === ROUND_TABLE_TYPE_ID;
  const name = table.name || String(table.id);
  // Big enough to read at arm's length, small enough that the name fits inside the table.
  const fontSize = Math.round(Math.max(16, Math.min(48, height * 0.36, (width * (round ? 1.3 : 1.6)) / Math.max(name.length, 2))));
  const joinedText = joinedWithName ? `with ${joinedWithName}` : 'joined';
  // The words only when they fit on one line under the name; the glyph always (the label has it all).
  const roomForJoinedText = height >= 84 && width - 20 >= 22 + joinedText.length * 9.5;

  const style: CSSProperties = { left, top, width, height, background: fill, color: readableTextColor(fill), fontSize };
  const classes = ['floor-table', round && 'floor-table--round', table.isJoined && 'floor-table--joined', selected && 'floor-table--selected'].filter(Boolean).join(' ');

  return (
    <button type="button" className={classes} style={style} aria-label={label} aria-pressed={selected} onClick={() => toggleTable(table.id)}>
      <span className="floor-table__name">{name}</span>
      {table.isJoined && (
        <span className="floor-table__joined">
          <IconLink className="floor-table__joined-icon" />
          {roomForJoinedText && <span>{joinedText}</span>}
        </span>
      )}
      {selected && (
        <span className="floor-table__check">
          <IconCheck />
        </span>
      )}
    </button>
  );
}

function joinedName(table: FloorTable, nameOf: (id: number) => string | undefined): string | null {
  if (!table.isJoined || table.joinedWithId == null) return null;
  return nameOf(table.joinedWithId) ?? null;
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
