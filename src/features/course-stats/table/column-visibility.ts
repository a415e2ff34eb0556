import type { VisibilityState } from '@tanstack/react-table';
import * as z from 'zod/mini';
import { readStored, readText, removeStored, writeStored } from '@/lib/storage';
import { COLUMN_FIELDS, COMPUTED_COLUMN_IDS, isHideableColumnId, type ColumnId } from '../fields/fields';

/** Kept under the app's storage prefix (see @/lib/storage), in this browser only. */
export const COLUMN_VISIBILITY_KEY = 'course-stats-columns';

/**
 * Each column as its field declares, and the computed ones (Change) shown whenever they exist; the one that cannot
 * be hidden (User) never gets an entry.
 */
export const DEFAULT_COLUMN_VISIBILITY: VisibilityState = Object.fromEntries([
  ...COLUMN_FIELDS.filter((field) => field.column.hideable).map((field) => [field.id, field.column.visibleByDefault]),
  ...COMPUTED_COLUMN_IDS.map((id) => [id, true]),
]);

const storedSchema = z.record(z.string(), z.boolean());

/** Only the hideable columns' entries count, so a stored choice cannot hide User or invent a column. */
export function normalizeColumnVisibility(stored: Record<string, boolean> | null): VisibilityState {
  const visibility: VisibilityState = { ...DEFAULT_COLUMN_VISIBILITY };
  if (!stored) return visibility;
  for (const [id, visible] of Object.entries(stored)) if (isHideableColumnId(id)) visibility[id] = visible;
  return visibility;
}

export function isDefaultColumnVisibility(visibility: VisibilityState): boolean {
  const normalized = normalizeColumnVisibility(visibility);
  return Object.entries(DEFAULT_COLUMN_VISIBILITY).every(([id, visible]) => normalized[id] === visible);
}

export function readColumnVisibility(): VisibilityState {
  return normalizeColumnVisibility(readStored(COLUMN_VISIBILITY_KEY, storedSchema));
}

/**
 * Remembers a choice; the defaults are not stored, so a browser that reset its columns follows later defaults.
 * Returns whether the browser now holds the choice.
 */
export function storeColumnVisibility(visibility: VisibilityState): boolean {
  if (!isDefaultColumnVisibility(visibility)) {
    return writeStored(COLUMN_VISIBILITY_KEY, normalizeColumnVisibility(visibility));
  }
  removeStored(COLUMN_VISIBILITY_KEY);
  return readText(COLUMN_VISIBILITY_KEY) === null;
}

/** The hidden columns of a choice, in column order: what a saved view and its link keep. */
export function hiddenColumnIds(visibility: VisibilityState): ColumnId[] {
  const normalized = normalizeColumnVisibility(visibility);
  const ids: ColumnId[] = [...COLUMN_FIELDS.map((field) => field.id), ...COMPUTED_COLUMN_IDS];
  return ids.filter((id) => normalized[id] === false);
}

/** The choice that hides exactly `hidden` (the hideable ones of it) and shows every other column. */
export function visibilityHiding(hidden: readonly string[]): VisibilityState {
  return Object.fromEntries(Object.keys(DEFAULT_COLUMN_VISIBILITY).map((id) => [id, !hidden.includes(id)]));
}
