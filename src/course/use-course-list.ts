import type { Course, ParseReport } from '@contract';
import { InfiniteQueryObserver, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { startTransition, useEffect, useMemo, useState } from 'react';
import type { ListEnd } from '@/lib/list-end';
import { emptyReport, mergeReport } from '@/lib/page-reader';
import { courseQueries, coursesListEnd, type CoursesPage } from './course-queries';

export interface CourseListData {
  /** Every course read so far, each once, in the API's order. */
  courses: readonly Course[];
  /** The parse reports of the pages read, as one (positions counted across pages). */
  report: ParseReport;
  /** The `Total` header of the first page, when the API sent one. */
  total: number | null;
  /** How the list ended, once it has (a repeated page or the page cap cut it short). */
  end: ListEnd | null;
}

/** The pages read, as one list: a course that moved between pages while they were read is kept once. */
export function combineCoursePages(data: InfiniteData<CoursesPage, number>): CourseListData {
  const courses: Course[] = [];
  const seen = new Set<number>();
  const report = emptyReport();
  for (const page of data.pages) {
    for (const course of page.items) {
      if (seen.has(course.id)) continue;
      seen.add(course.id);
      courses.push(course);
    }
    mergeReport(report, page.report, report.received);
  }
  return { courses, report, total: data.pages[0]?.total ?? null, end: coursesListEnd(data.pages) };
}

export interface CourseListOptions {
  /** Read every page, one after another, rather than only those asked for with readMore. */
  readAll?: boolean;
  /** False: read nothing yet (what was read before is still given). */
  enabled?: boolean;
}

export interface CourseListState extends CourseListData {
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

// One object each, so what a screen memoises on the list does not change until a page comes in.
const EMPTY_REPORT = emptyReport();
const NO_COURSES: readonly Course[] = [];

/**
 * The LMS's course list as read so far, with the next page read on request (or every page, with readAll).
 *
 * Each page that comes in is rendered as a transition, in the background, not as React Query's own hook renders
 * it, at once in one task: the overview orders thousands of courses for each.
 */
export function useCourseList({ readAll = false, enabled = true }: CourseListOptions = {}): CourseListState {
  const client = useQueryClient();
  const options = useMemo(() => ({ ...courseQueries.list.infinite(), select: combineCoursePages, enabled }), [enabled]);
  const [observer] = useState(() => new InfiniteQueryObserver(client, options));
  const [query, setQuery] = useState(() => observer.getCurrentResult());
  useEffect(() => {
    observer.setOptions(options);
    startTransition(() => setQuery(observer.getCurrentResult()));
  }, [observer, options]);
  useEffect(() => observer.subscribe((result) => startTransition(() => setQuery(result))), [observer]);
  const { data, error, hasNextPage, isFetching, isFetchingNextPage, isError, fetchNextPage, refetch } = query;
  const loaded = data !== undefined;

  useEffect(() => {
    // One page at a time, each after the last: a failure stops the reading until Retry. Asked again for every page
    // read (`data`): rendered as transitions, a page can be asked for and read between two renders, which then
    // differ in nothing else.
    if (readAll && enabled && data && hasNextPage && !isFetching && !isError) void fetchNextPage();
  }, [readAll, enabled, data, hasNextPage, isFetching, isError, fetchNextPage]);

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
