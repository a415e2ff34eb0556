import { matchQuery, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { courseQueries } from '@/course/course-queries';
import { parseIdInput } from '@/course/id-input';
import { courseStatsParams, parseCourseStatsSearch } from '@/features/course-stats/params/course-stats-search';
import { matchRoute, ROUTES, type AppRoute, type Prefetch } from '@/lib/routes';
import { perfMark } from '@/lib/perf-marks';
import { getToken } from '@/lib/token-store';

/**
 * Puts the query the page opens with in the cache, with the page's own options, while the page's code is on its way:
 * the page's useQuery joins the running request, and takes it as its own first try: an error answered is shown, not
 * asked again. React Query retries an error its observer finds on mounting (retryOnMount), so that is off for this
 * query until the page has mounted.
 */
function prefetchForPage<T, K extends QueryKey>(queryClient: QueryClient, options: FetchQueryOptions<T, Error, T, K>) {
  holdRetryOnMount(queryClient, options.queryKey);
  return queryClient.prefetchQuery(options);
}

/** No retry on mounting for `queryKey` until the page's observer is there. */
function holdRetryOnMount(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || !matchQuery({ queryKey, exact: true }, event.query)) return;
    stop();
    queryClient.setQueryDefaults(queryKey, {});
  });
}

/** How each of the route list's prefetches is asked for, given the address's parameters and query. */
const PREFETCHES: Record<
  Prefetch,
  (queryClient: QueryClient, params: Readonly<Record<string, string>>, query: string) => Promise<void>
> = {
  /**
   * The rows a course statistics page opens with (the page in the URL), in the cache (or failed) when it resolves; the
   * first render does not wait (holding it up to 200 ms did not pay: docs/perf-notes.md). The page's rules apply: an
   * invalid course id asks for nothing, the URL is read with its fallbacks, and the whole-course and learner views ask
   * for nothing here.
   */
  /**
   * The course list's first page, for the account overview, from the code behind the sign-in: its first rows then
   * wait for the list and for the overview's code at once, not one after the other. Where the page's first script
   * asked for it already, this takes that answer (lib/fetch-ahead.ts), and the first render waits for it
   * (signed-in-app.tsx); elsewhere nothing does.
   */
  courseList: async (queryClient) => {
    // Where the app's reading of the account begins (the benchmark counts long tasks from here): the request of the
    // list's first page goes out, or is taken from the first script.
    perfMark('course-list-read-start');
    const options = courseQueries.list.infinite();
    holdRetryOnMount(queryClient, options.queryKey);
    await queryClient.prefetchInfiniteQuery(options);
  },
  courseStatsRows: async (queryClient, params, query) => {
    const id = parseIdInput(params.courseId ?? '', { required: true });
    if (!id.ok || id.value === null) return;
    const { search } = parseCourseStatsSearch(new URLSearchParams(query));
    if (search.all || (search.view === 'learner' && search.userId !== undefined)) return;
    await prefetchForPage(queryClient, courseQueries.stats.list(courseStatsParams(id.value, search)));
  },
  /**
   * The label tree, from the code behind the sign-in, while the screen's code is on its way. Nothing waits for it: the
   * first render shows the screen loading, not a blank page held back for a tree of any size.
   */
  labelGroups: async (queryClient) => void prefetchForPage(queryClient, courseQueries.labelGroups()),
};

/** Signed in, asks for what `AppRoute.prefetch` says the screen opens with; resolves once it is cached, or failed. */
export function prefetchRoute(queryClient: QueryClient, location: { pathname: string; search: string }): Promise<void> {
  const match = getToken() === null ? null : matchRoute(location.pathname);
  if (!match) return Promise.resolve();
  const { prefetch }: AppRoute = ROUTES[match.name];
  return prefetch
    ? PREFETCHES[prefetch](queryClient, match.params, location.search).catch(() => undefined)
    : Promise.resolve();
}
