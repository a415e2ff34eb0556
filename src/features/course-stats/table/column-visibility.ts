import type { VisibilityState } from '@tanstack/react-table';
import * as z from 'zod/mini';
import { readStored, writeStored } from '@/lib/storage';
import { COLUMN_FIELDS, isHideableColumnId } from '../fields/fields';

const STORAGE_KEY = 'course-stats-columns';

/** Each column as its field declares; the ones that cannot be hidden never get an entry. */
export const DEFAULT_COLUMN_VISIBILITY: VisibilityState = Object.fromEntries(
  COLUMN_FIELDS.filter((field) => field.column.hideable).map((field) => [field.id, field.column.visibleByDefault]),
);

const storedSchema = z.record(z.string(), z.boolean());

/** Only the hideable columns' entries count, so a stored choice cannot hide a fixed column or invent one. */
export function normalizeColumnVisibility(stored: Record<string, boolean> | null): VisibilityState {
  const visibility: VisibilityState = { ...DEFAULT_COLUMN_VISIBILITY };
  if (!stored) return visibility;
  for (const [id, visible] of Object.entries(stored)) if (isHideableColumnId(id)) visibility[id] = visible;
  return visibility;
}

export function readColumnVisibility(): VisibilityState {
  return normalizeColumnVisibility(readStored(STORAGE_KEY, storedSchema));
}

export function storeColumnVisibility(visibility: VisibilityState): void {
  writeStored(STORAGE_KEY, normalizeColumnVisibility(visibility));
}
