import type { KeyboardEvent } from 'react';

/**
 * Arrow keys, Home and End in a tab list (WAI-ARIA tabs, roving tabindex): selects the next or
 * previous record, wrapping, and moves the focus to its tab. Used by the floor's room tabs and
 * the catalog's group and category tabs.
 */
export function onTabKeys<T extends { id: number }>(
  event: KeyboardEvent<HTMLElement>,
  records: readonly T[],
  selectedId: number,
  keys: { next: string; previous: string },
  select: (record: T) => void,
  tabId: (id: number) => string,
): void {
  const index = records.findIndex((record) => record.id === selectedId);
  const last = records.length - 1;
  const target = { [keys.next]: index + 1, [keys.previous]: index - 1, Home: 0, End: last }[event.key];
  if (target === undefined) return;
  event.preventDefault();
  const record = records[(target + records.length) % records.length]!;
  select(record);
  event.currentTarget.querySelector<HTMLElement>(`#${tabId(record.id)}`)?.focus();
}
