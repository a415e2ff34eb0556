import { COURSES_PER_PAGE_MAX, type Course, type ParseReport, type ParsedList } from '@contract';
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { fetchCourses } from '@/lib/api-client';
import { emptyReport, isRepeatedPage, listEndAfter, mergeReport, pagesByTotal, type ListEnd } from '@/lib/page-reader';

/** The API's largest page: 1,000 courses are ten requests. */
export const COURSES_PER_PAGE = COURSES_PER_PAGE_MAX;

export type CoursesPage = ParsedList<Course> & { total: number | null };

/**
 * How the list ends with the last page read, by the page reader's shared rule (lib/page-reader.ts): a short page,
 * the `Total` header's last page (it may only lower the count), a page that brought no course not read before (an
 * LMS that ignores `page`), or the page cap; null when another page follows.
 */
export function coursesListEnd(pages: readonly CoursesPage[]): ListEnd | null {
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

/** The list changes seldom; reading 1,000 courses again on every visit would cost ten requests. */
const LIST_STALE_MS = 5 * 60_000;

/**
 * Keys from general to specific. The course list is read a page at a time, as it is needed (the list scrolled to
 * its end, a search, the switcher): one infinite query, so every screen shares the pages read. The learner search
 * reads its pages six at a time rather than one after another: it takes the list's pages already read, asks for
 * the others one by one (`page`), and hands them to the list when it has them all (extendCoursesList).
 */
export const coursesQueries = {
  all: () => ['courses'] as const,
  list: () =>
    infiniteQueryOptions({
      queryKey: [...coursesQueries.all(), 'list', { perPage: COURSES_PER_PAGE }] as const,
      queryFn: ({ pageParam, signal }): Promise<CoursesPage> =>
        fetchCourses({ page: pageParam, perPage: COURSES_PER_PAGE }, { signal }),
      initialPageParam: 1,
      getNextPageParam: nextCoursesPage,
      staleTime: LIST_STALE_MS,
    }),
  page: (page: number) =>
    queryOptions({
      queryKey: [...coursesQueries.all(), 'page', { page, perPage: COURSES_PER_PAGE }] as const,
      queryFn: ({ signal }): Promise<CoursesPage> => fetchCourses({ page, perPage: COURSES_PER_PAGE }, { signal }),
      staleTime: LIST_STALE_MS,
      retry: false,
    }),
};

/** Page `page` of the list, when a screen has read it into the list (the course list, the switcher, a search). */
export function listedCoursesPage(client: QueryClient, page: number): CoursesPage | undefined {
  const data = client.getQueryData(coursesQueries.list().queryKey);
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
  const listed = client.getQueryData(coursesQueries.list().queryKey)?.pages.length ?? 0;
  if (pages.length <= listed) return;
  client.setQueryData(coursesQueries.list().queryKey, { pages, pageParams: pages.map((_, index) => index + 1) });
}

export interface CourseListData {
  /** Every course read so far, each once, in the API's order. */
  courses: Course[];
  /** The parse reports of the pages read, as one (positions counted across pages). */
  report: ParseReport;
  /** The `Total` header of the first page, when the API sent one. */
  total: number | null;
  /** How the list ended, once it has. */
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
