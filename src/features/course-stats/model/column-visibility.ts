import type { VisibilityState } from '@tanstack/react-table';
import * as z from 'zod/mini';
import { readStored, writeStored } from '@/lib/storage';
import { EXTRA_COLUMN_IDS, isExtraColumnId } from './course-stats-column-ids';

const STORAGE_KEY = 'course-stats-columns';

/** The extra columns start hidden; the main ones cannot be hidden at all. */
export const DEFAULT_COLUMN_VISIBILITY: VisibilityState = Object.fromEntries(EXTRA_COLUMN_IDS.map((id) => [id, false]));

const storedSchema = z.record(z.string(), z.boolean());

/** Only the extra columns' entries count, so a stored choice cannot hide a main column or invent one. */
export function normalizeColumnVisibility(stored: Record<string, boolean> | null): VisibilityState {
  const visibility: VisibilityState = { ...DEFAULT_COLUMN_VISIBILITY };
  if (!stored) return visibility;
  for (const [id, visible] of Object.entries(stored)) if (isExtraColumnId(id)) visibility[id] = visible;
  return visibility;
}

export function readColumnVisibility(): VisibilityState {
  return normalizeColumnVisibility(readStored(STORAGE_KEY, storedSchema));
}

export function storeColumnVisibility(visibility: VisibilityState): void {
  writeStored(STORAGE_KEY, normalizeColumnVisibility(visibility));
}
