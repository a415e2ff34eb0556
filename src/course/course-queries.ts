import {
  COURSES_PER_PAGE_MAX,
  type Course,
  type CourseSession,
  type CourseSessionFilter,
  type CourseStatsParams,
  type ParsedList,
  type ParseReport,
} from '@contract';
import { infiniteQueryOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchCourses, fetchCourseSessions, fetchCourseStats, fetchLabelGroups } from '@/lib/fetch-list';
import { isRepeatedPage, listEndAfter, pagesByTotal, type ListEnd } from '@/lib/list-end';
import { oncePerObject } from '@/lib/once-per-object';
import { emptyReport, mergeReport, NO_RETRY, readPages } from '@/lib/page-reader';

/** The API's largest page: 1,000 courses are ten requests. */
export const COURSES_PER_PAGE = COURSES_PER_PAGE_MAX;

export type CoursesPage = ParsedList<Course> & { total: number | null };

/** A course's sessions for the Session filter. */
export interface CourseSessionLists {
  active: CourseSession[];
  /** Archived sessions that are not also listed as active. */
  archived: CourseSession[];
  report: ParseReport;
}

/** One course's statistics with the same filters, at any page and page size. */
type CourseStatsFilters = Pick<CourseStatsParams, 'courseId' | 'userId' | 'courseSessionId'>;

/**
 * How the list ends with the last page read, by the page reader's shared rule (lib/list-end.ts): a short page,
 * the `Total` header's last page (it may only lower the count), a page that brought no course not read before (an
 * LMS that ignores `page`), or the page cap; null when another page follows.
 */
export const coursesListEnd = oncePerObject(listEndOf);

// Asked again with every render that reads the list (React Query's next page, the list's end), of the same pages
// until one comes in: with thousands of courses read, each time was a set of them all. Hence once per pages array.
function listEndOf(pages: readonly CoursesPage[]): ListEnd | null {
  const lastPage = pages.at(-1);
  if (!lastPage) return null;
  const seen = new Set(pages.slice(0, -1).flatMap((page) => page.items.map((course) => course.id)));
  const totals = pages.map((page) => pagesByTotal(page.total, COURSES_PER_PAGE)).filter((count) => count !== null);
  return listEndAfter(
    {
      page: pages.length,
      received: lastPage.report.received,
      repeated: isRepeatedPage(lastPage.items, seen, (course) => course.id),
      totalPages: totals.length > 0 ? Math.min(...totals) : null,
    },
    COURSES_PER_PAGE,
  );
}

/** The page after `lastPage`, or undefined when the list has ended (coursesListEnd). */
export function nextCoursesPage(
  _lastPage: CoursesPage,
  pages: readonly CoursesPage[],
  lastPageParam: number,
): number | undefined {
  return coursesListEnd(pages) === null ? lastPageParam + 1 : undefined;
}

/** The course list and the sessions change seldom; reading them again on every visit would cost requests. */
const SELDOM_CHANGED_STALE_MS = 5 * 60_000;
/** A course has a handful of sessions; an LMS that ignores `page` must not keep us reading. */
const MAX_SESSION_PAGES = 20;

/** One filter's sessions, by the page reader; React Query retries the whole read, so the reader does not. */
function readSessions(courseId: number, filter: CourseSessionFilter, signal: AbortSignal) {
  return readPages<CourseSession>({
    fetchPage: (page, pageSignal) =>
      fetchCourseSessions({ courseId, filter, page, perPage: COURSES_PER_PAGE_MAX }, { signal: pageSignal }),
    perPage: COURSES_PER_PAGE_MAX,
    getId: (session) => session.id,
    maxPages: MAX_SESSION_PAGES,
    retry: NO_RETRY,
    signal,
  });
}

/**
 * Every LMS endpoint's query options, under one key family that runs from general to specific: everything read
 * from the LMS, the course list, one course (its statistics and its sessions, so one course is invalidated at
 * once), a course's statistics with one set of filters. The token is in no key: the client reads it at request
 * time, and a sign-out clears the cache. Sorting is in no key either: the API cannot sort, the table sorts the rows
 * it has.
 */
export const courseQueries = {
  all: () => ['lms'] as const,
  courses: () => [...courseQueries.all(), 'courses'] as const,
  list: {
    /**
     * The course list, read a page at a time as it is needed (the list scrolled to its end, a search, the
     * switcher): one infinite query, so every screen shares the pages read.
     */
    infinite: () =>
      infiniteQueryOptions({
        queryKey: [...courseQueries.courses(), 'list', { perPage: COURSES_PER_PAGE }] as const,
        queryFn: ({ pageParam, signal }): Promise<CoursesPage> =>
          fetchCourses({ page: pageParam, perPage: COURSES_PER_PAGE }, { signal }),
        initialPageParam: 1,
        getNextPageParam: nextCoursesPage,
        staleTime: SELDOM_CHANGED_STALE_MS,
      }),
    /**
     * One page of the list, for the learner search, which reads pages six at a time rather than one after
     * another: it takes the list's pages already read (listedCoursesPage), asks for the others here, and hands
     * them to the list when it has them all (extendCoursesList). Its page reader retries, so the query does not.
     */
    page: (page: number) =>
      queryOptions({
        queryKey: [...courseQueries.courses(), 'page', { page, perPage: COURSES_PER_PAGE }] as const,
        queryFn: ({ signal }): Promise<CoursesPage> => fetchCourses({ page, perPage: COURSES_PER_PAGE }, { signal }),
        staleTime: SELDOM_CHANGED_STALE_MS,
        retry: false,
      }),
  },
  course: (courseId: number) => [...courseQueries.courses(), courseId] as const,
  stats: {
    course: (courseId: number) => [...courseQueries.course(courseId), 'stats'] as const,
    /**
     * Every page of one course and filters, at any page size: not a query of its own but a filter that the keys
     * of `list` match (matchQuery, invalidateQueries).
     */
    pages: ({ courseId, userId, courseSessionId }: CourseStatsFilters) =>
      [...courseQueries.stats.course(courseId), 'list', { userId, courseSessionId }] as const,
    /** One page: the statistics page's, and the learner search's for one learner, so each reuses what the other read. */
    list: ({ courseId, userId, courseSessionId, page, perPage }: CourseStatsParams) =>
      queryOptions({
        queryKey: [
          ...courseQueries.stats.course(courseId),
          'list',
          { userId, courseSessionId, page, perPage },
        ] as const,
        queryFn: ({ signal }) => fetchCourseStats({ courseId, userId, courseSessionId, page, perPage }, { signal }),
      }),
  },
  /** One course's sessions, active and archived. */
  sessions: (courseId: number) =>
    queryOptions({
      queryKey: [...courseQueries.course(courseId), 'sessions'] as const,
      queryFn: async ({ signal }): Promise<CourseSessionLists> => {
        const [active, archived] = await Promise.all([
          readSessions(courseId, 'active', signal),
          readSessions(courseId, 'archived', signal),
        ]);
        const activeIds = new Set(active.items.map((session) => session.id));
        // The archived list's positions follow the active one's, so the report counts each item once.
        const report = emptyReport();
        mergeReport(report, active.report, 0);
        mergeReport(report, archived.report, active.report.received);
        return {
          active: active.items,
          archived: archived.items.filter((session) => !activeIds.has(session.id)),
          report,
        };
      },
      staleTime: SELDOM_CHANGED_STALE_MS,
    }),
  labelGroups: () =>
    queryOptions({
      queryKey: [...courseQueries.all(), 'label-groups'] as const,
      queryFn: ({ signal }) => fetchLabelGroups({ signal }),
    }),
};

/** Page `page` of the list, when a screen has read it into the list (the course list, the switcher, a search). */
export function listedCoursesPage(client: QueryClient, page: number): CoursesPage | undefined {
  const data = client.getQueryData(courseQueries.list.infinite().queryKey);
  const index = data?.pageParams.indexOf(page) ?? -1;
  return index < 0 ? undefined : data?.pages[index];
}

/**
 * Pages read out of order (by the learner search) handed to the list, from page 1 on as far as they run without a
 * gap, when that is further than the list has read: the list's screens then ask for none of them again.
 */
export function extendCoursesList(client: QueryClient, read: ReadonlyMap<number, CoursesPage>): void {
  const pages: CoursesPage[] = [];
  for (let next = read.get(1); next !== undefined; next = read.get(pages.length + 1)) pages.push(next);
  const { queryKey } = courseQueries.list.infinite();
  const listed = client.getQueryData(queryKey)?.pages.length ?? 0;
  if (pages.length <= listed) return;
  client.setQueryData(queryKey, { pages, pageParams: pages.map((_, index) => index + 1) });
}
