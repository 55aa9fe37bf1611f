// The arithmetic of a windowed grid (ui/VirtualGrid.tsx), pure so it can be unit-tested: how many
// columns fit a width, and which rows to render for a scroll position.

export interface RowWindowInput {
  /** The scroll container's scrollTop, measured from the top of the grid. */
  scrollTop: number;
  /** The visible height of the scroll container (0 before it is measured). */
  viewportHeight: number;
  /** One row's height, without the gap. */
  rowHeight: number;
  /** The gap between two rows. */
  gap?: number;
  /** Extra rows rendered above and below the visible ones. */
  overscan: number;
  rowCount: number;
}

/** Rows `first` (inclusive) to `end` (exclusive) to render; `first === end` when there are none. */
export interface RowWindow {
  first: number;
  end: number;
}

export function rowsInView({ scrollTop, viewportHeight, rowHeight, gap = 0, overscan, rowCount }: RowWindowInput): RowWindow {
  if (rowCount <= 0) return { first: 0, end: 0 };
  const stride = Math.max(1, rowHeight + gap);
  const top = Math.max(0, scrollTop);
  const height = Math.max(0, viewportHeight);
  const firstVisible = Math.min(rowCount - 1, Math.floor(top / stride));
  // The row under the viewport's bottom edge (exclusive end); at least the first visible row.
  const endVisible = Math.max(firstVisible + 1, Math.ceil((top + height) / stride));
  const margin = Math.max(0, Math.floor(overscan));
  return { first: Math.max(0, firstVisible - margin), end: Math.min(rowCount, endVisible + margin) };
}

/** Columns of `repeat(auto-fill, minmax(minColumnWidth, 1fr))` with this gap: at least one. */
export function columnsFor(width: number, minColumnWidth: number, gap = 0): number {
  if (!(width > 0) || !(minColumnWidth > 0)) return 1;
  return Math.max(1, Math.floor((width + gap) / (minColumnWidth + gap)));
}
