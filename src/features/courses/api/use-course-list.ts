import type { Course, ParseReport } from '@contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import type { ListEnd } from '@/lib/page-reader';
import { byRecentActivity } from '../course-order';
import { combineCoursePages, coursesQueries } from './courses-queries';

export interface CourseListOptions {
  /** Read every page, one after another, rather than only those asked for with readMore. */
  readAll?: boolean;
  /** False: read nothing yet (what was read before is still given). */
  enabled?: boolean;
}

export interface CourseListState {
  /** Every course read so far, each once, in the API's order. */
  courses: readonly Course[];
  report: ParseReport;
  /** The API's `Total` header, when it sent one. */
  total: number | null;
  /** How the list ended, once it has (a repeated page or the page cap cut it short). */
  end: ListEnd | null;
  /** Nothing read yet, and a first page on its way. */
  pending: boolean;
  /** Every page is in. */
  complete: boolean;
  /** A page after the first is on its way. */
  readingMore: boolean;
  /** Why the first page failed (the LMS does not list courses here, or could not now); null otherwise. */
  listError: unknown;
  /** Why a later page failed (the courses before it are kept); null otherwise. */
  moreError: unknown;
  /** Reads the next page, when there is one and none is on its way. */
  readMore: () => void;
  /** Tries the failed page again. */
  retry: () => void;
}

const EMPTY_REPORT: ParseReport = { received: 0, accepted: 0, rejected: [], dropped: [] };
const NO_COURSES: readonly Course[] = [];

/** The LMS's course list as read so far, with the next page read on request (or every page, with readAll). */
export function useCourseList({ readAll = false, enabled = true }: CourseListOptions = {}): CourseListState {
  const query = useInfiniteQuery({ ...coursesQueries.list(), select: combineCoursePages, enabled });
  const { data, error, hasNextPage, isFetching, isFetchingNextPage, isError, fetchNextPage, refetch } = query;
  const loaded = data !== undefined;

  useEffect(() => {
    // One page at a time, each after the last: a failure stops the reading until Retry.
    if (readAll && enabled && loaded && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [readAll, enabled, loaded, hasNextPage, isFetching, isError, fetchNextPage]);

  return {
    courses: data?.courses ?? NO_COURSES,
    report: data?.report ?? EMPTY_REPORT,
    total: data?.total ?? null,
    end: data?.end ?? null,
    pending: !loaded && enabled && !isError,
    complete: loaded && !hasNextPage,
    readingMore: isFetchingNextPage,
    listError: loaded ? null : error,
    moreError: loaded && isError ? error : null,
    readMore: () => {
      if (hasNextPage && !isFetching) void fetchNextPage();
    },
    retry: () => void (loaded ? fetchNextPage() : refetch()),
  };
}

export interface AllCourses extends CourseListState {
  /** Every course read so far, most recently active first (those without activity last). */
  courses: readonly Course[];
}

/**
 * Every course the LMS lists, read page after page until the list ends, most recently active first. While pages
 * are still coming, `courses` holds those read and `complete` is false. `enabled: false` reads nothing until it
 * turns true.
 */
export function useAllCourses({ enabled = true }: { enabled?: boolean } = {}): AllCourses {
  const list = useCourseList({ readAll: true, enabled });
  const courses = useMemo(() => byRecentActivity(list.courses), [list.courses]);
  return { ...list, courses };
}
