/**
 * The course statistics screens, as one chunk: the router loads it on the first visit to either, and index.html
 * preloads it (vite.config.ts) because the statistics page is where most visits go.
 */
import { matchPath } from 'react-router';
import { parseCourseStatsSearch } from '@/features/course-stats/model/course-stats-search';
import { parseIdInput } from '@/features/course-stats/model/id-input';
import { prefetchCourseStats } from '@/lib/api-client';

export { CourseStatsPage } from '@/features/course-stats/components/course-stats-page';
export { CoursesIndexPage } from '@/features/course-stats/components/courses-index-page';

/** The route of CourseStatsPage (router.tsx). */
export const COURSE_STATS_PATH = '/courses/:courseId/stats';

/**
 * Starts the request for the rows a course statistics address opens with (page by page browsing: the page in the
 * URL), so it is on its way while the app renders its first screen; the page's query takes it over
 * (prefetchCourseStats in api-client.ts). The page's rules: an invalid course id asks for nothing, the URL's values
 * are read with the page's fallbacks, and the whole-course and learner views (which load otherwise) ask for nothing
 * here. Were the page to ask for something else after all, this request would simply go unused.
 */
export function prefetchCourseStatsRoute(location: { pathname: string; search: string }): void {
  const match = matchPath(COURSE_STATS_PATH, location.pathname);
  if (!match) return;
  const id = parseIdInput(match.params.courseId ?? '', { required: true });
  if (!id.ok || id.value === null) return;
  const { search } = parseCourseStatsSearch(new URLSearchParams(location.search));
  if (search.all || (search.view === 'learner' && search.userId !== undefined)) return;
  prefetchCourseStats({
    courseId: id.value,
    userId: search.userId,
    courseSessionId: search.courseSessionId,
    page: search.page,
    perPage: search.perPage,
  });
}
