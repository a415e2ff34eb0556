import { functionalUpdate, type OnChangeFn, type VisibilityState } from '@tanstack/react-table';
import { useCallback, useLayoutEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { readStored, readText, removeStored, writeStored } from '@/lib/storage';
import { COLUMN_FIELDS, COMPUTED_COLUMN_IDS, isHideableColumnId, type ColumnId } from '../fields/fields';
import { HIDDEN_COLUMNS_PARAM, parseHiddenColumnsParam } from '../params/hidden-columns-param';
import { storedValueListeners } from '@/lib/stored-value-listeners';

/** Kept under the app's storage prefix (see @/lib/storage), in this browser only. */
export const COLUMN_VISIBILITY_KEY = 'course-stats-columns';

/** Each column as its field declares, computed ones (Change) shown if they exist; User, never hidden, gets no entry. */
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

/** Remembers a choice (defaults are not stored: a reset follows later defaults); returns whether it was kept. */
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

/**
 * The Columns menu's choice, remembered on this device, as one store: the table, a saved view and a link that sets
 * the columns (`hide=`) all read and change the same choice, and a table on screen follows a change made elsewhere.
 */
// Another tab's choice shows here too.
const listeners = storedValueListeners(COLUMN_VISIBILITY_KEY);
let read: { raw: string | null; visibility: VisibilityState } | null = null;
/** A choice the browser would not keep (storage blocked or full): it still holds for this tab. */
let unsaved: VisibilityState | null = null;

/** The current choice; the same object until it changes, as useSyncExternalStore needs. */
export function currentColumnVisibility(): VisibilityState {
  if (unsaved) return unsaved;
  const raw = readText(COLUMN_VISIBILITY_KEY);
  if (read === null || read.raw !== raw) read = { raw, visibility: readColumnVisibility() };
  return read.visibility;
}

/** Changes the choice everywhere, as the Columns menu does, and remembers it where the browser lets it. */
export function setColumnVisibility(visibility: VisibilityState): void {
  unsaved = storeColumnVisibility(visibility) ? null : normalizeColumnVisibility(visibility);
  listeners.notify();
}

export function useColumnVisibility(): [VisibilityState, OnChangeFn<VisibilityState>] {
  const visibility = useSyncExternalStore(listeners.subscribe, currentColumnVisibility, currentColumnVisibility);
  const onChange: OnChangeFn<VisibilityState> = useCallback(
    (updater) => setColumnVisibility(functionalUpdate(updater, currentColumnVisibility())),
    [],
  );
  return [visibility, onChange];
}

/**
 * Applies a link's `hide=` to the Columns menu's choice, as if made there; the address then loses it, and the
 * corrections notice names unknown columns. Before the paint, so a table on screen never shows the old columns.
 */
export function useHiddenColumnsLink(): void {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get(HIDDEN_COLUMNS_PARAM);
  useLayoutEffect(() => {
    const parsed = parseHiddenColumnsParam(raw);
    if (parsed) setColumnVisibility(visibilityHiding(parsed.hidden));
  }, [raw]);
}
