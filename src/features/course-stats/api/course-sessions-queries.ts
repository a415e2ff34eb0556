import { COURSES_PER_PAGE_MAX, type CourseSession, type CourseSessionFilter, type ParseReport } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchCourseSessions } from '@/lib/api-client';
import { emptyReport, mergeReport, NO_RETRY, readPages } from '@/lib/page-reader';

/** A course has a handful of sessions; an LMS that ignores `page` must not keep us reading. */
const MAX_SESSION_PAGES = 20;

export interface CourseSessionLists {
  active: CourseSession[];
  /** Archived sessions that are not also listed as active. */
  archived: CourseSession[];
  report: ParseReport;
}

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

/** Keys from general to specific, like the course's statistics: one course's sessions, active and archived. */
export const courseSessionsQueries = {
  all: () => ['course-sessions'] as const,
  course: (courseId: number) =>
    queryOptions({
      queryKey: [...courseSessionsQueries.all(), courseId] as const,
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
      // Sessions change seldom; a course's page opened again reads them again after this.
      staleTime: 5 * 60_000,
    }),
};
