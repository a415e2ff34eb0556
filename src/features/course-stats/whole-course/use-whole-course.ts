import { useQuery, useQueryClient, type QueryKey, type UseQueryResult } from '@tanstack/react-query';
import { wholeCourseQuery } from '@/course/whole-course-query';
import type { WholeCourseData, WholeCourseParams } from '@/course/whole-course';
import { prepareRowAddresses } from '../triage/learner-contact';
import { prepareRowFacts } from '../triage/rows-shown';

export interface WholeCourse {
  query: UseQueryResult<WholeCourseData>;
  /** The query's key: where the load's progress is kept (see useReadSoFar). */
  queryKey: QueryKey;
  /** Starts a load, or carries on after the last page an earlier one read; shows a finished one as it is. */
  load: () => void;
  /** Stops the load; the rows read so far stay (React Query reverts to the last data the loader wrote). */
  cancel: () => void;
  /** Forgets what was read and reads every page again. */
  refresh: () => void;
}

/** The whole course for these filters, from the cache when it was read before (until the page is reloaded). */
export function useWholeCourse(params: WholeCourseParams, enabled: boolean): WholeCourse {
  const queryClient = useQueryClient();
  // What the screen works out once per row over every row (the quick filters' counts, Copy emails), done as the rows
  // come in: a page at a time, where at a hand-over it was a quarter second's worth of pages at once.
  const options = wholeCourseQuery(params, (rows) => {
    prepareRowFacts(rows);
    prepareRowAddresses(rows);
  });
  const query = useQuery({ ...options, enabled });
  const { queryKey } = options;
  return {
    query,
    queryKey,
    load: () => {
      if (queryClient.getQueryData(queryKey)?.complete) return;
      // Stale at once: unfinished data must not count as fresh. The query function carries on from it.
      void queryClient.prefetchQuery({ ...options, staleTime: 0 });
    },
    cancel: () => void queryClient.cancelQueries({ queryKey, exact: true }),
    refresh: () => void queryClient.resetQueries({ queryKey, exact: true }),
  };
}
