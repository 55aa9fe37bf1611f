import { Fragment, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useElementSize } from './useElementSize';
import { columnsFor, rowsInView } from './virtualWindow';

/**
 * A windowed grid: fixed-height rows, as many columns as fit the width
 * (`repeat(auto-fill, minmax(minColumnWidth, 1fr))`, measured with a ResizeObserver), and only the
 * rows in view plus `overscan` rows either side in the DOM. The list keeps the full height
 * (padding above the first rendered row, the rest below), so the scrollbar, wheel, touch and
 * keyboard scrolling behave as for the whole list. The component is its own scroll container.
 *
 * Children are `<li>`s from `renderItem` (keyed by `itemKey`, stable across scrolling); each gets
 * its position in the whole list (`index`, `count`) for `aria-posinset` / `aria-setsize`.
 */
export function VirtualGrid<T>({
  items,
  itemKey,
  renderItem,
  rowHeight,
  minColumnWidth,
  gap = 0,
  overscan = 2,
  resetKey,
  className,
  label,
  testId,
}: {
  items: readonly T[];
  itemKey: (item: T) => string | number;
  renderItem: (item: T, position: { index: number; count: number }) => ReactNode;
  rowHeight: number;
  minColumnWidth: number;
  gap?: number;
  overscan?: number;
  /** When it changes (a new search), the grid scrolls back to the top. */
  resetKey?: unknown;
  className?: string;
  label: string;
  testId?: string;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const { height } = useElementSize(viewport);
  const { width } = useElementSize(list);
  const [scrollTop, setScrollTop] = useState(0);

  // Back to the top for new contents; the scroll event that follows updates `scrollTop`.
  useLayoutEffect(() => {
    if (viewport.current) viewport.current.scrollTop = 0;
  }, [resetKey]);

  const columns = columnsFor(width, minColumnWidth, gap);
  const rowCount = Math.ceil(items.length / columns);
  const stride = rowHeight + gap;
  const { first, end } = rowsInView({ scrollTop, viewportHeight: height, rowHeight, gap, overscan, rowCount });
  const start = first * columns;
  const shown = items.slice(start, end * columns);
  const style: CSSProperties = {
    height: rowCount === 0 ? 0 : rowCount * stride - gap,
    paddingTop: first * stride,
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    gridAutoRows: `${rowHeight}px`,
    gap: `${gap}px`,
  };
  return (
    <div ref={viewport} className="vgrid" onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}>
      <ul ref={list} className={className === undefined ? 'vgrid__list' : `vgrid__list ${className}`} style={style} aria-label={label} data-testid={testId}>
        {shown.map((item, offset) => (
          <Fragment key={itemKey(item)}>{renderItem(item, { index: start + offset, count: items.length })}</Fragment>
        ))}
      </ul>
    </div>
  );
}
