import type { SortingState } from '@tanstack/react-table';

export interface SortToggleOptions {
  /** Shift was held: add the column as the next key instead of sorting by it alone. */
  multi: boolean;
  /** The most keys kept; a new key past it replaces the last. */
  max: number;
  /** A column's first sort is descending. */
  firstDesc: boolean;
  /** A Shift+click on a key already in its second direction takes it out of the sort. */
  removable: boolean;
}

/**
 * The sort after a click on a column's header. A plain click sorts by that column alone: the first key changes
 * direction, any other column starts in its first direction. A Shift+click adds the column as the next key (in
 * its first direction), turns a key already there to the other direction, or takes it out once it has been both.
 *
 * TanStack's own toggle keeps the other keys when the last key is clicked without Shift, and drops the first
 * key when one too many is added: the primary order is the one the user looks at, so it is kept here.
 */
export function nextSorting(sorting: SortingState, columnId: string, options: SortToggleOptions): SortingState {
  const index = sorting.findIndex((sort) => sort.id === columnId);
  const existing = sorting[index];
  if (!options.multi) {
    return [{ id: columnId, desc: index === 0 && existing ? !existing.desc : options.firstDesc }];
  }
  if (existing) {
    if (existing.desc !== options.firstDesc && options.removable) {
      return sorting.filter((sort) => sort.id !== columnId);
    }
    return sorting.map((sort) => (sort.id === columnId ? { id: columnId, desc: !sort.desc } : sort));
  }
  const added = { id: columnId, desc: options.firstDesc };
  if (sorting.length < options.max) return [...sorting, added];
  return [...sorting.slice(0, Math.max(0, options.max - 1)), added];
}
