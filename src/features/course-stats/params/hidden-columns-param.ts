import { COLUMN_FIELDS, isHideableColumnId, type ColumnId } from '../fields/fields';

/**
 * `hide=user_email,score`: the columns a link hides, every other shown (`hide=` shows all). The page applies it to the
 * Columns menu's choice, as if made there, then drops it from the address: a saved view's columns travel in its link.
 */
export const HIDDEN_COLUMNS_PARAM = 'hide';

export interface HiddenColumnsParam {
  /** The columns to hide, in column order; User cannot be hidden. */
  hidden: ColumnId[];
  /** The parts that name no column that can be hidden. */
  unknown: string[];
}

/** The parameter's columns, or null when the link does not set the columns. */
export function parseHiddenColumnsParam(raw: string | null | undefined): HiddenColumnsParam | null {
  if (raw === null || raw === undefined) return null;
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const named = new Set(parts);
  return {
    hidden: COLUMN_FIELDS.flatMap((field) => (named.has(field.id) && isHideableColumnId(field.id) ? [field.id] : [])),
    unknown: [...new Set(parts.filter((part) => !isHideableColumnId(part)))],
  };
}

/** `path` (a path and query) with the parameter set to `hidden`, commas left readable. */
export function withHiddenColumns(path: string, hidden: readonly string[]): string {
  const [pathname = '', query = ''] = path.split('?');
  const params = new URLSearchParams(query);
  const known = new Set(hidden);
  params.set(HIDDEN_COLUMNS_PARAM, COLUMN_FIELDS.flatMap((field) => (known.has(field.id) ? [field.id] : [])).join(','));
  return `${pathname}?${params.toString().replaceAll('%2C', ',')}`;
}
