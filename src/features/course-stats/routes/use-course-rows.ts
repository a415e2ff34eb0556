import { matchQuery, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { useAfterPaint } from '@/lib/use-after-paint';
import { courseQueries } from '@/course/course-queries';
import { courseStatsParams, type CourseStatsSearch } from '../params/course-stats-search';
import { useWholeCourse } from '../whole-course/use-whole-course';

export type Mode = 'paged' | 'whole' | 'learner';

export const isRateLimited = (reason: unknown) => isApiError(reason) && reason.detail.kind === 'rate_limited';

export function modeOf(search: CourseStatsSearch): Mode {
  if (search.view === 'learner' && search.userId !== undefined) return 'learner';
  return search.all ? 'whole' : 'paged';
}

/** A course's rows: its page (and the next, read early), or the whole course; the learner view reads its own. */
export function useCourseRows(courseId: number, search: CourseStatsSearch, mode: Mode) {
  const listParams = courseStatsParams(courseId, search);
  const listQuery = useQuery({
    ...courseQueries.stats.list(listParams),
    enabled: mode === 'paged',
    // The previous page stays on screen while the next one loads, but never rows of another course or filter.
    placeholderData: (previous, previousQuery) =>
      previousQuery && matchQuery({ queryKey: courseQueries.stats.pages(listParams) }, previousQuery)
        ? previous
        : undefined,
  });
  // The next page is observed here too: on Next the main query takes it over in one render, never refetching it.
  const listData = listQuery.isPlaceholderData ? undefined : listQuery.data;
  // Whether a page is full counts what the API sent, not what survived parsing.
  const pageIsFull = mode === 'paged' && listData !== undefined && listData.report.received >= search.perPage;
  // The next page, read early, makes Next instant and says if there is one; it waits for the first rows' paint.
  const afterFirstRows = useAfterPaint(pageIsFull);
  const nextPageQuery = useQuery({
    ...courseQueries.stats.list({ ...listParams, page: search.page + 1 }),
    enabled: pageIsFull && afterFirstRows,
  });
  const whole = useWholeCourse(listParams, mode === 'whole');
  const rateLimited = mode === 'paged' && listQuery.isFetching && isRateLimited(listQuery.failureReason);
  return {
    listQuery,
    listData,
    nextPageEmpty: nextPageQuery.data?.report.received === 0,
    whole,
    shownData: mode === 'whole' ? whole.query.data : listData,
    rateLimited,
  };
}
