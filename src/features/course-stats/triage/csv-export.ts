import type { CourseStatsSearch } from '../params/course-stats-search';
import type { ColumnId } from '../fields/fields';

/** Written first in every export, shown or not: support staff paste them into other systems. */
export const EXPORT_LEADING_COLUMNS: readonly ColumnId[] = ['user_id', 'user_email'];

type ExportedView = Pick<CourseStatsSearch, 'userId' | 'courseSessionId' | 'quick' | 'q' | 'all' | 'page'>;

/**
 * What the file name says about the rows: the course, then each filter of the view (user, session, quick filters,
 * the search) and the page when it is one page past the first. With the day (see csvFileName) that gives
 * `course-101-overdue-2026-11-25.csv`.
 */
export function exportFileNameParts(courseId: number, view: ExportedView): string[] {
  const parts = [`course-${courseId}`];
  if (view.userId !== undefined) parts.push(`user-${view.userId}`);
  if (view.courseSessionId !== undefined) parts.push(`session-${view.courseSessionId}`);
  for (const id of view.quick) parts.push(id.replaceAll('_', '-'));
  if (view.q !== '') parts.push(`search-${view.q}`);
  if (!view.all && view.page > 1) parts.push(`page-${view.page}`);
  return parts;
}
