import type { Key, ReactNode } from 'react';

// The list of matches under a search field, for the short lists that show every match at once
// (the manager's finders, the seat dialog's customers). One markup: nothing while the matches are
// read, the "no match" line when there are none, else a labelled list of rows and, when the search
// stopped at its cap, a last line saying so. Each row is the screen's own (a button in an `<li>`):
// a list of buttons, not a listbox, so Tab, Enter and Space work as on any button and the rows
// keep the names the screens and their tests find them by. Long lists are windowed instead
// (ui/VirtualGrid.tsx: the catalog, the till, the customers).

export interface SearchListProps<T> {
  /** The matches; undefined or null while they are being read (nothing is shown). */
  items: readonly T[] | null | undefined;
  itemKey(item: T): Key;
  /** A row's content, put in the row's `<li>`. */
  renderRow(item: T): ReactNode;
  className: string;
  /** The list's accessible name. */
  label?: string;
  testId?: string;
  /** Said when there is no match; without it no match shows nothing. */
  empty?: string;
  emptyClassName?: string;
  /** Said as the list's last line when the search stopped at its cap (null: it did not). */
  more?: string | null;
  moreClassName?: string;
}

export function SearchList<T>({ items, itemKey, renderRow, className, label, testId, empty, emptyClassName, more, moreClassName }: SearchListProps<T>) {
  if (items === undefined || items === null) return null;
  if (items.length === 0) return empty === undefined ? null : <p className={emptyClassName}>{empty}</p>;
  return (
    <ul className={className} aria-label={label} data-testid={testId}>
      {items.map((item) => (
        <li key={itemKey(item)}>{renderRow(item)}</li>
      ))}
      {more != null && <li className={moreClassName}>{more}</li>}
    </ul>
  );
}
