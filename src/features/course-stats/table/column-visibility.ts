import type { VisibilityState } from '@tanstack/react-table';
import * as z from 'zod/mini';
import { readStored, removeStored, writeStored } from '@/lib/storage';
import { COLUMN_FIELDS, COMPUTED_COLUMN_IDS, isHideableColumnId } from '../fields/fields';

/** Kept under the app's storage prefix (see @/lib/storage), in this browser only. */
const STORAGE_KEY = 'course-stats-columns';

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
  return normalizeColumnVisibility(readStored(STORAGE_KEY, storedSchema));
}

/** Remembers a choice; the defaults are not stored, so a browser that reset its columns follows later defaults. */
export function storeColumnVisibility(visibility: VisibilityState): void {
  if (isDefaultColumnVisibility(visibility)) removeStored(STORAGE_KEY);
  else writeStored(STORAGE_KEY, normalizeColumnVisibility(visibility));
}
