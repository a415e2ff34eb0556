import { useMemo, useSyncExternalStore } from 'react';
import { COURSE_MEMORY_KEYS, readText } from '@/lib/storage';
import { onStoredElsewhere } from '@/lib/storage';
import { readSavedViews, subscribeSavedViews, type SavedView } from './saved-views';

let read: { raw: string | null; views: SavedView[] } | null = null;

/** The saved views; the same array until the stored text changes, as useSyncExternalStore needs. */
function currentViews(): SavedView[] {
  const raw = readText(COURSE_MEMORY_KEYS.savedViews);
  if (read === null || read.raw !== raw) read = { raw, views: readSavedViews() };
  return read.views;
}

function subscribe(listener: () => void): () => void {
  const unsubscribe = subscribeSavedViews(listener);
  // A view saved in another tab shows here too.
  const stopListening = onStoredElsewhere(COURSE_MEMORY_KEYS.savedViews, listener);
  return () => {
    unsubscribe();
    stopListening();
  };
}

/** The saved views, newest first, kept up to date; only those of `courseId` when given. */
export function useSavedViews(courseId?: number): SavedView[] {
  const views = useSyncExternalStore(subscribe, currentViews, currentViews);
  return useMemo(
    () => (courseId === undefined ? views : views.filter((view) => view.courseId === courseId)),
    [views, courseId],
  );
}
