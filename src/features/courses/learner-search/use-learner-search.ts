import { useQueryClient, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { courseQueries, extendCoursesList, listedCoursesPage } from '@/course/course-queries';
import { readRateLimit } from '@/course/server-config-query';
import { pacerFor } from '@/lib/pacer';
import {
  createLearnerSearch,
  STATS_PER_PAGE,
  type KnownCourses,
  type LearnerSearch,
  type LearnerSearchState,
} from './learner-search-run';

/** A learner's answer is reused this long: a search run again soon after asks nothing twice. */
const SEARCH_STALE_MS = 60_000;

/** Through the QueryClient: answers land in the shared cache, a 401 signs out, and a cancel cancels the query. */
async function fetchCancellable<T, K extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<T, Error, T, K>,
  signal: AbortSignal,
): Promise<T> {
  const onAbort = () => void client.cancelQueries({ queryKey: options.queryKey, exact: true });
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await client.fetchQuery(options);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function createSearch(client: QueryClient): LearnerSearch {
  return createLearnerSearch({
    // The list's pages already read are not asked for again; those this search reads go to the list.
    readCourses: async (page, signal) =>
      listedCoursesPage(client, page) ?? fetchCancellable(client, courseQueries.list.page(page), signal),
    listRead: (pages) => extendCoursesList(client, pages),
    // The statistics page's own query (100 a page), so no page is read twice; the search's reader does the retrying.
    readStats: (courseId, userId, page, signal) =>
      fetchCancellable(
        client,
        {
          ...courseQueries.stats.list({ courseId, userId, page, perPage: STATS_PER_PAGE }),
          staleTime: SEARCH_STALE_MS,
          retry: false,
        },
        signal,
      ),
    // One pacer per server limit for the whole tab, so a search run again (or resumed) keeps the same pace.
    pacer: async () => pacerFor(await readRateLimit(client)),
  });
}

/** The search of this screen and its state (the screen starts and stops it). */
export function useLearnerSearch(known?: () => KnownCourses | null): {
  search: LearnerSearch;
  state: LearnerSearchState;
} {
  const client = useQueryClient();
  const [search] = useState(() => createSearch(client));
  // Read when a search starts: the index as it is then counts, without a new search object.
  useEffect(() => search.setKnown(known ?? null), [search, known]);
  const state = useSyncExternalStore(search.subscribe, search.getState, search.getState);
  return { search, state };
}
