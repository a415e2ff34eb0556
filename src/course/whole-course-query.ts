import type { CourseStat } from '@contract';
import { hashKey, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { courseQueries } from '@/course/course-queries';
import { loadChunkOnce } from '@/lib/load-chunk';
import type { WholeCourseData, WholeCourseParams, WholeCourseReader } from './whole-course';
import { setReadSoFar } from './whole-course-progress';

type PrepareRows = (rows: readonly CourseStat[]) => void;

// Query meta is untyped: what is kept there is checked when read.
const isPrepareRows = (value: unknown): value is PrepareRows => typeof value === 'function';
const isReader = (value: unknown): value is WholeCourseReader => value === 'worker' || value === 'page';

/**
 * The whole-course loader's code: only needed once someone asks for a whole course, so it stays out of the first
 * screen. The paged screen loads it ahead of the press (warm-whole-course.ts).
 */
export const wholeCourseChunk = loadChunkOnce(() => import('./whole-course'));

/** A whole course stays in memory for this long after its last viewer left (a reload still reads it again). */
export const WHOLE_COURSE_GC_MS = 30 * 60_000;

/**
 * The query of `queryKey` in the cache, if there: found by its hash. (The cache's `find` compares the key with every
 * query cached, hashing it anew for each; with the thousands of courses the overview reads, that was the most
 * expensive thing it did on the main thread.)
 */
export const cachedQuery = (client: QueryClient, queryKey: QueryKey) => client.getQueryCache().get(hashKey(queryKey));

/**
 * A whole course, keyed under the course's statistics in the core's key family (courseQueries), so invalidating
 * the course covers it.
 *
 * Every page of a course and filters. The loader publishes what it has read into this query's data as it goes
 * (so a cancel keeps it: React Query reverts a cancelled fetch to the last data written), and a fetch that
 * finds partial data carries on after it. The loader retries pages itself, so the query does not. `prepare`
 * gets the rows as they come in (LoadWholeCourseOptions.prepare).
 */
export const wholeCourseQuery = (
  { courseId, userId, courseSessionId }: WholeCourseParams,
  prepare?: PrepareRows,
  reader?: WholeCourseReader,
) =>
  queryOptions({
    queryKey: [...courseQueries.stats.course(courseId), 'whole', { userId, courseSessionId }] as const,
    // Not part of the key: they change no row, only when the screen's per-row work is done and where pages are read.
    meta: { prepare, reader },
    queryFn: async ({ signal, client, queryKey, meta }): Promise<WholeCourseData> => {
      // Already in (the usual case), the load starts within the press, before React renders the screen it
      // leads to: the first requests go out while it does.
      const { loadWholeCourse, isWholeCourseData } = wholeCourseChunk.loaded() ?? (await wholeCourseChunk());
      const previous: unknown = client.getQueryData(queryKey);
      return loadWholeCourse(
        { courseId, userId, courseSessionId },
        {
          signal,
          previous: isWholeCourseData(previous) ? previous : undefined,
          // Only into the query still cached: after a sign-out cleared the cache, nothing comes back.
          publish: (data) => {
            if (cachedQuery(client, queryKey)) client.setQueryData(queryKey, data);
          },
          progress: (readSoFar) => setReadSoFar(client, queryKey, readSoFar),
          client,
          prepare: isPrepareRows(meta?.prepare) ? meta.prepare : undefined,
          reader: isReader(meta?.reader) ? meta.reader : undefined,
        },
      );
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: WHOLE_COURSE_GC_MS,
    retry: false,
    // Up to 10,000 rows written many times over: comparing them deeply each time would cost more than it saves.
    structuralSharing: false,
  });
