/**
 * The course statistics screens, as one chunk: the router loads it on the first visit to either, and index.html
 * preloads it (vite.config.ts) because the statistics page is where most visits go.
 */
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { courseStatsQueries } from '@/features/course-stats/api/course-stats-queries';
import { parseCourseStatsSearch } from '@/features/course-stats/model/course-stats-search';
import { parseIdInput } from '@/features/course-stats/model/id-input';

export { CourseStatsPage } from '@/features/course-stats/components/course-stats-page';
export { CoursesIndexPage } from '@/features/course-stats/components/courses-index-page';

/** The route of CourseStatsPage (router.tsx). */
export const COURSE_STATS_PATH = '/courses/:courseId/stats';

/**
 * Asks for the rows a course statistics address opens with (page by page browsing: the page in the URL), so the
 * request is on its way while the app renders its first screen; the page finds it in the cache, running or done.
 * The same rules as the page: an invalid course id asks for nothing, the URL's values are read with the page's
 * fallbacks, and the whole-course and learner views (which load otherwise) ask for nothing here.
 */
export function prefetchCourseStatsRoute(queryClient: QueryClient, location: { pathname: string; search: string }): void {
  const match = matchPath(COURSE_STATS_PATH, location.pathname);
  if (!match) return;
  const id = parseIdInput(match.params.courseId ?? '', { required: true });
  if (!id.ok || id.value === null) return;
  const { search } = parseCourseStatsSearch(new URLSearchParams(location.search));
  if (search.all || (search.view === 'learner' && search.userId !== undefined)) return;
  void queryClient.prefetchQuery(
    courseStatsQueries.list({
      courseId: id.value,
      userId: search.userId,
      courseSessionId: search.courseSessionId,
      page: search.page,
      perPage: search.perPage,
    }),
  );
}
