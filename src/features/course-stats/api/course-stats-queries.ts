import { queryOptions } from '@tanstack/react-query';
import { fetchCourseStats } from '@/lib/api-client';

export interface CourseStatsListParams {
  courseId: number;
  userId: number | undefined;
  courseSessionId: number | undefined;
  /** 1-based. */
  page: number;
  perPage: number;
}

/**
 * Keys go from general to specific, so one course (or everything) can be invalidated at once. Sorting is not
 * here: the API cannot sort, the table sorts the rows it has. The token is not here either: the client reads
 * it, and a sign-out clears the cache.
 */
export const courseStatsQueries = {
  all: () => ['course-stats'] as const,
  course: (courseId: number) => [...courseStatsQueries.all(), courseId] as const,
  list: ({ courseId, userId, courseSessionId, page, perPage }: CourseStatsListParams) =>
    queryOptions({
      queryKey: [...courseStatsQueries.course(courseId), 'list', { userId, courseSessionId, page, perPage }] as const,
      queryFn: ({ signal }) => fetchCourseStats({ courseId, userId, courseSessionId, page, perPage }, { signal }),
    }),
};
