import { functionalUpdate, type OnChangeFn, type VisibilityState } from '@tanstack/react-table';
import { useCallback, useSyncExternalStore } from 'react';
import { readText } from '@/lib/storage';
import { onStoredElsewhere } from '@/lib/storage';
import {
  COLUMN_VISIBILITY_KEY,
  normalizeColumnVisibility,
  readColumnVisibility,
  storeColumnVisibility,
} from './column-visibility';

/**
 * The Columns menu's choice, remembered on this device, as one store: the table, a saved view and a link that sets
 * the columns (`hide=`) all read and change the same choice, and a table on screen follows a change made elsewhere.
 */
const listeners = new Set<() => void>();
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
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice shows here too.
  const stopListening = onStoredElsewhere(COLUMN_VISIBILITY_KEY, listener);
  return () => {
    listeners.delete(listener);
    stopListening();
  };
}

export function useColumnVisibility(): [VisibilityState, OnChangeFn<VisibilityState>] {
  const visibility = useSyncExternalStore(subscribe, currentColumnVisibility, currentColumnVisibility);
  const onChange: OnChangeFn<VisibilityState> = useCallback(
    (updater) => setColumnVisibility(functionalUpdate(updater, currentColumnVisibility())),
    [],
  );
  return [visibility, onChange];
}
