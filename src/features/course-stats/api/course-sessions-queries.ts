import { COURSES_PER_PAGE_MAX, type CourseSession, type CourseSessionFilter, type ParseReport } from '@contract';
import { queryOptions } from '@tanstack/react-query';
import { fetchCourseSessions } from '@/lib/api-client';

/** A course has a handful of sessions; an LMS that ignores `page` must not keep us reading. */
const MAX_SESSION_PAGES = 20;

export interface CourseSessionLists {
  active: CourseSession[];
  /** Archived sessions that are not also listed as active. */
  archived: CourseSession[];
  report: ParseReport;
}

async function readSessions(
  courseId: number,
  filter: CourseSessionFilter,
  signal: AbortSignal,
): Promise<{ items: CourseSession[]; report: ParseReport }> {
  const items: CourseSession[] = [];
  const seen = new Set<number>();
  const report: ParseReport = { received: 0, accepted: 0, rejected: [], dropped: [] };
  for (let page = 1; page <= MAX_SESSION_PAGES; page += 1) {
    const answer = await fetchCourseSessions({ courseId, filter, page, perPage: COURSES_PER_PAGE_MAX }, { signal });
    const fresh = answer.items.filter((session) => !seen.has(session.id));
    for (const session of fresh) seen.add(session.id);
    items.push(...fresh);
    const offset = report.received;
    report.received += answer.report.received;
    report.accepted += answer.report.accepted;
    report.rejected.push(...answer.report.rejected.map((problem) => ({ ...problem, index: problem.index + offset })));
    report.dropped.push(...answer.report.dropped.map((field) => ({ ...field, index: field.index + offset })));
    if (answer.report.received < COURSES_PER_PAGE_MAX || fresh.length === 0) break;
  }
  return { items, report };
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
        const offset = active.report.received;
        return {
          active: active.items,
          archived: archived.items.filter((session) => !activeIds.has(session.id)),
          report: {
            received: offset + archived.report.received,
            accepted: active.report.accepted + archived.report.accepted,
            rejected: [
              ...active.report.rejected,
              ...archived.report.rejected.map((problem) => ({ ...problem, index: problem.index + offset })),
            ],
            dropped: [
              ...active.report.dropped,
              ...archived.report.dropped.map((field) => ({ ...field, index: field.index + offset })),
            ],
          },
        };
      },
      // Sessions change seldom; a course's page opened again reads them again after this.
      staleTime: 5 * 60_000,
    }),
};
