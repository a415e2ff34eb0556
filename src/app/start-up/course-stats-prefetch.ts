import type { QueryClient } from '@tanstack/react-query';
import { courseQueries } from '@/course/course-queries';
import { courseStatsParams, parseCourseStatsSearch } from '@/features/course-stats/params/course-stats-search';
import { parseIdInput } from '@/course/id-input';
import { showAnswerOnFirstMount } from './show-answer-on-first-mount';

/**
 * On a course statistics address (prefetchRoute matched it, signed in): asks the query client for the rows the page opens with (page by page
 * browsing: the page in the URL), with the page's own query options, at start-up, while the page's code is still
 * on its way; resolves once they are in the cache (or failed). The first render does not wait for it: the page's
 * useQuery joins the request still running, so there is one request. (A first render held up to 200 ms for the
 * rows was measured and did not pay: docs/perf-notes.md.) The page's rules apply: an invalid course id asks for
 * nothing, the URL is read with the page's fallbacks, and the whole-course and learner views (which load otherwise)
 * ask for nothing here.
 */
export async function prefetchCourseStatsRoute(
  queryClient: QueryClient,
  params: Readonly<Record<string, string>>,
  query: string,
): Promise<void> {
  const id = parseIdInput(params.courseId ?? '', { required: true });
  if (!id.ok || id.value === null) return;
  const { search } = parseCourseStatsSearch(new URLSearchParams(query));
  if (search.all || (search.view === 'learner' && search.userId !== undefined)) return;
  const options = courseQueries.stats.list(courseStatsParams(id.value, search));
  showAnswerOnFirstMount(queryClient, options.queryKey);
  await queryClient.prefetchQuery(options);
}
