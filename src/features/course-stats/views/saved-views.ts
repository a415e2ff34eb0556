import { useMemo, useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import { matchRoute } from '@/lib/routes';
import { COURSE_MEMORY_KEYS, readStored, readText, writeStored } from '@/lib/storage';
import { isHideableColumnId, type ColumnId } from '../fields/fields';
import { withHiddenColumns } from '../params/hidden-columns-param';
import { courseStatsHref, parseCourseStatsSearch, type CourseStatsSearch } from '../params/course-stats-search';
import { storedValueListeners } from '@/lib/stored-value-listeners';

/**
 * Named views of the statistics page, in localStorage. A view is a link at heart: the page's path and query (written
 * by the URL serializer), plus the columns hidden, which the URL does not hold. Opening one starts at page 1.
 */
export const SAVED_VIEWS_LIMIT = 50;
export const VIEW_NAME_MAX = 100;

/** The path as the app writes it, or null when it is not a statistics page of this app (a hand-edited value). */
function canonicalPath(path: string): { courseId: number; path: string } | null {
  const queryAt = path.includes('?') ? path.indexOf('?') : path.length;
  const query = path.slice(queryAt + 1);
  const match = matchRoute(path.slice(0, queryAt));
  const id = match?.name === 'courseStats' ? (match.params.courseId ?? '') : '';
  const courseId = Number(id);
  if (!/^[1-9]\d*$/.test(id) || !Number.isSafeInteger(courseId) || path.includes('#')) return null;
  const { search } = parseCourseStatsSearch(new URLSearchParams(query));
  return { courseId, path: viewPath(courseId, search) };
}

const savedViewSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(64)),
  name: z.string().check(z.minLength(1), z.maxLength(VIEW_NAME_MAX)),
  /** The statistics page's path and query, e.g. `/courses/12/stats?all=1&sort=progress.desc`. */
  path: z.string().check(z.maxLength(2000)),
  hiddenColumns: z.array(z.string()),
  savedAt: z.number(),
});

export type SavedView = Omit<z.output<typeof savedViewSchema>, 'hiddenColumns'> & {
  courseId: number;
  hiddenColumns: ColumnId[];
};

function asSavedView(entry: unknown): SavedView[] {
  const parsed = savedViewSchema.safeParse(entry);
  if (!parsed.success) return [];
  const target = canonicalPath(parsed.data.path);
  const name = parsed.data.name.trim();
  if (!target || name === '') return [];
  const hiddenColumns = [...new Set(parsed.data.hiddenColumns.filter(isHideableColumnId))];
  return [{ ...parsed.data, name, courseId: target.courseId, path: target.path, hiddenColumns }];
}

// Views are checked one by one: a hand-edited or outdated view is dropped, the rest survive.
const storedSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((entries: unknown[]) => entries.flatMap(asSavedView)),
);

/** The page of `search` as a view keeps it: everything but the page number. */
export function viewPath(courseId: number, search: CourseStatsSearch): string {
  return courseStatsHref(courseId, { ...search, page: 1 });
}

/** Every saved view, newest first. */
export function readSavedViews(): SavedView[] {
  return (readStored(COURSE_MEMORY_KEYS.savedViews, storedSchema) ?? []).slice(0, SAVED_VIEWS_LIMIT);
}

export type SavedViewsResult =
  | { status: 'ok'; views: SavedView[] }
  | { status: 'invalid-name' }
  | { status: 'not-found' }
  | { status: 'name-taken' }
  | { status: 'not-stored' };

/** Told of every change to the saved views, this tab's and (a view saved there shows here too) another's. */
const listeners = storedValueListeners(COURSE_MEMORY_KEYS.savedViews);

function store(views: SavedView[]): SavedViewsResult {
  // The course is read from the path again, not stored twice.
  const stored = views.map(({ courseId: _courseId, ...view }) => view);
  const kept = writeStored(COURSE_MEMORY_KEYS.savedViews, stored);
  listeners.notify();
  return kept ? { status: 'ok', views } : { status: 'not-stored' };
}

/** The name as it would be saved, or null when it is empty or longer than VIEW_NAME_MAX. */
export function cleanViewName(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return trimmed === '' || trimmed.length > VIEW_NAME_MAX ? null : trimmed;
}

function newId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export function sameName(view: SavedView, courseId: number, name: string): boolean {
  return view.courseId === courseId && view.name.toLocaleLowerCase() === name.toLocaleLowerCase();
}

export interface ViewToSave {
  name: string;
  courseId: number;
  search: CourseStatsSearch;
  hiddenColumns: readonly string[];
}

/**
 * Saves the view first in the list. A view of the same course already under that name (case aside) is replaced, as
 * "save as" does: two views one cannot tell apart in a menu help nobody. Past SAVED_VIEWS_LIMIT the oldest goes.
 */
export function saveView({ name, courseId, search, hiddenColumns }: ViewToSave, now = Date.now()): SavedViewsResult {
  const clean = cleanViewName(name);
  if (clean === null) return { status: 'invalid-name' };
  const view: SavedView = {
    id: newId(),
    name: clean,
    courseId,
    path: viewPath(courseId, search),
    hiddenColumns: [...new Set(hiddenColumns.filter(isHideableColumnId))],
    savedAt: now,
  };
  const replaced = (other: SavedView) => sameName(other, courseId, clean);
  return store([view, ...readSavedViews().filter((other) => !replaced(other))].slice(0, SAVED_VIEWS_LIMIT));
}

export function renameView(id: string, name: string): SavedViewsResult {
  const clean = cleanViewName(name);
  if (clean === null) return { status: 'invalid-name' };
  const views = readSavedViews();
  const renamed = views.find((view) => view.id === id);
  if (!renamed) return { status: 'not-found' };
  if (views.some((view) => view.id !== id && sameName(view, renamed.courseId, clean))) return { status: 'name-taken' };
  return store(views.map((view) => (view.id === id ? { ...view, name: clean } : view)));
}

export function deleteView(id: string): SavedViewsResult {
  const views = readSavedViews();
  if (!views.some((view) => view.id === id)) return { status: 'not-found' };
  return store(views.filter((view) => view.id !== id));
}

/** Undo of a delete: puts the view back where it was, unless it is there already or another view took its name. */
export function restoreView(view: SavedView, index: number): SavedViewsResult {
  const views = readSavedViews();
  if (views.some((other) => other.id === view.id)) return { status: 'ok', views };
  if (views.some((other) => sameName(other, view.courseId, view.name))) return { status: 'name-taken' };
  const restored = [...views.slice(0, index), view, ...views.slice(index)];
  return store(restored.slice(0, SAVED_VIEWS_LIMIT));
}

let read: { raw: string | null; views: SavedView[] } | null = null;

/** The saved views; the same array until the stored text changes, as useSyncExternalStore needs. */
function currentViews(): SavedView[] {
  const raw = readText(COURSE_MEMORY_KEYS.savedViews);
  if (read === null || read.raw !== raw) read = { raw, views: readSavedViews() };
  return read.views;
}

/** The saved views, newest first, kept up to date; only those of `courseId` when given. */
export function useSavedViews(courseId?: number): SavedView[] {
  const views = useSyncExternalStore(listeners.subscribe, currentViews, currentViews);
  return useMemo(
    () => (courseId === undefined ? views : views.filter((view) => view.courseId === courseId)),
    [views, courseId],
  );
}

/** Where a view opens: its page, `hide=` for its columns; the one link of the menu, the course index and Copy link. */
export function viewHref(view: Pick<SavedView, 'path' | 'hiddenColumns'>): string {
  return withHiddenColumns(view.path, view.hiddenColumns);
}

/** The link to share: absolute, so it opens the view in any browser (after signing in there). */
export function viewUrl(view: Pick<SavedView, 'path' | 'hiddenColumns'>, origin = window.location.origin): string {
  return new URL(viewHref(view), origin).href;
}
