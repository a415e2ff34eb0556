import { isSortableColumnId, type ColumnId } from '../fields/fields';
import { MAX_SORT_KEYS } from '../fields/multi-sort';

/** The `sort` parameter: `progress.desc,username.asc`, read and written. */
export interface CourseStatsSort {
  id: ColumnId;
  desc: boolean;
}

/** The sort keys in order: the first decides, the next break its ties. At most MAX_SORT_KEYS, no column twice. */
export type CourseStatsSorting = CourseStatsSort[];

function parseSortKey(raw: string): CourseStatsSort | undefined {
  const match = /^([a-z_]+)\.(asc|desc)$/.exec(raw);
  const id = match?.[1];
  if (!match || id === undefined || !isSortableColumnId(id)) return undefined;
  return { id, desc: match[2] === 'desc' };
}

/** A comma list's sort keys and the parts dropped: unknown or unsortable columns, repeats, keys past MAX_SORT_KEYS. */
export function parseSortParam(raw: string | undefined): { sort: CourseStatsSorting; dropped: string[] } {
  const sort: CourseStatsSorting = [];
  const dropped: string[] = [];
  if (raw === undefined) return { sort, dropped };
  for (const part of raw.split(',').map((text) => text.trim())) {
    if (part === '') continue;
    const key = parseSortKey(part);
    if (key && sort.length < MAX_SORT_KEYS && !sort.some((kept) => kept.id === key.id)) sort.push(key);
    else dropped.push(part);
  }
  return { sort, dropped };
}

export function serializeSort(sort: readonly CourseStatsSort[]): string {
  return sort.map((key) => `${key.id}.${key.desc ? 'desc' : 'asc'}`).join(',');
}
