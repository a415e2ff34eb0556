import type { CourseStat } from '@contract';
import type { CourseStatStatus } from './model/course-stat-status';
import type { CourseStatsColumnId } from './model/course-stats-column-ids';
import type { SearchCorrection } from './model/course-stats-search';
import type { IdProblem } from './model/id-input';

/** Every English text of the course statistics screens, in one place for the translation to come. */

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export const columnHeaders: Record<CourseStatsColumnId, string> = {
  username: 'User',
  user_email: 'Email',
  course_session_name: 'Session',
  status: 'Status',
  progress: 'Progress',
  score: 'Score',
  deadline: 'Deadline',
  last_activity: 'Last activity',
  time_spent: 'Time spent',
  completed_tasks: 'Tasks',
  cert_file: 'Certificate',
  completed: 'Completed',
  success: 'Success',
  quiz_count: 'Quiz count',
  score_percent: 'Score %',
  progress_percent: 'Progress %',
  id: 'Stat ID',
  user_id: 'User ID',
  course_session_id: 'Session ID',
};

/** Field names in the details panel, one per wire field. */
export const fieldLabels: Record<keyof CourseStat, string> = {
  id: 'Stat ID',
  user_id: 'User ID',
  username: 'User name',
  user_email: 'Email',
  course_id: 'Course ID',
  coursename: 'Course name',
  completed: 'Completed',
  success: 'Success',
  course_session_id: 'Session ID',
  course_session_name: 'Session',
  deadline: 'Deadline',
  time_spent: 'Time spent',
  quiz_count: 'Quiz count',
  score: 'Score',
  score_percent: 'Score %',
  last_activity: 'Last activity',
  progress: 'Progress',
  progress_percent: 'Progress %',
  completed_tasks: 'Completed tasks',
  cert_file: 'Certificate',
};

export const statusLabels: Record<CourseStatStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  passed: 'Passed',
  not_passed: 'Not passed',
};

const idFieldNames = { courseId: 'Course ID', userId: 'User ID', courseSessionId: 'Session ID' } as const;
export type IdField = keyof typeof idFieldNames;

export function idProblemMessage(field: IdField, problem: IdProblem): string {
  const name = idFieldNames[field];
  switch (problem) {
    case 'required':
      return `Enter a ${name}.`;
    case 'spaces':
      return `${name} must not contain spaces.`;
    case 'not_a_whole_number':
      return `${name} must be a whole number greater than 0, such as 42.`;
    case 'zero':
      return `${name} must be greater than 0.`;
    case 'leading_zero':
      return `${name} must not start with 0.`;
    case 'too_large':
      return `${name} is too large.`;
  }
}

const clip = (raw: string) => (raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);

export function correctionMessage(correction: SearchCorrection): string {
  switch (correction.param) {
    case 'user_id':
      return `The link's User ID “${clip(correction.raw)}” is not a valid ID, so that filter was removed.`;
    case 'course_session_id':
      return `The link's Session ID “${clip(correction.raw)}” is not a valid ID, so that filter was removed.`;
    case 'page':
      return `The link's page “${clip(correction.raw)}” is not a page number; showing page ${correction.value}.`;
    case 'per_page':
      return `The link asked for “${clip(correction.raw)}” rows per page; showing ${correction.value}, the nearest choice.`;
    case 'sort':
      return `The link's sorting “${clip(correction.raw)}” is not available, so the rows are in the API's order.`;
  }
}

export const texts = {
  indexTitle: 'Course statistics',
  indexIntro: 'Enter a course ID to see how its learners are doing.',
  pageTitle: (courseId: number) => `Course ${courseId} statistics`,
  courseName: (name: string) => `Course name: ${name}`,
  filtersLegend: 'Show statistics',
  optional: 'Optional',
  show: 'Show',
  invalidCourse: (raw: string, problem: string) => `“${clip(raw)}” is not a course ID. ${problem}`,
  invalidCourseTitle: 'This address does not name a course.',
  correctionsTitle: 'Some values in the link were corrected.',
  activeFilters: 'Filtered by',
  filterUser: (id: number) => `User ID ${id}`,
  filterSession: (id: number) => `Session ID ${id}`,
  clearFilters: 'Clear filters',
  notFound: (courseId: number) => `Course ${courseId} not found`,
  rateLimitedWaiting: 'The API is rate limiting requests. Waiting before trying again…',
  loading: 'Loading statistics…',
  emptyCourse: 'No statistics for this course',
  emptyFilters: 'No statistics for these filters',
  emptyPage: (page: number) => `No rows on page ${page}`,
  emptyPageHint: 'The results end on an earlier page.',
  firstPage: 'Go to page 1',
  allRejected: (count: number) => `None of the ${plural(count, 'row', 'rows')} the API sent could be shown.`,
  showingRows: (count: number, page: number) => `Showing ${plural(count, 'row', 'rows')} on page ${page}.`,
  tableLabel: (courseId: number) => `Statistics of course ${courseId}`,
  columnsMenu: 'Columns',
  sortNote: (column: string, desc: boolean, wholeResults: boolean, rows: number) =>
    wholeResults
      ? `Sorted by ${column}, ${desc ? 'descending' : 'ascending'}, across all ${plural(rows, 'row', 'rows')}.`
      : `Sorted by ${column}, ${desc ? 'descending' : 'ascending'}, within this page only: the API cannot sort, so other pages are not included.`,
  summaryTitle: 'Summary',
  summaryScope: (rows: number, page: number, wholeResults: boolean) =>
    wholeResults
      ? `Based on all ${plural(rows, 'row', 'rows')} of the results.`
      : `Based on the ${plural(rows, 'row', 'rows')} on page ${page} only, not the whole course.`,
  summaryLearners: 'Learners',
  summaryCompleted: 'Completed',
  summaryPassed: 'Passed',
  summaryAverageProgress: 'Average progress',
  summaryAverageScore: 'Average score',
  summaryOverdue: 'Overdue',
  pagination: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page: number) => `Page ${page}`,
  loadingPage: (page: number) => `Loading page ${page}…`,
  rowsPerPage: 'Rows per page',
  noDeadline: 'No deadline',
  overdue: 'Overdue',
  never: 'Never',
  yes: 'Yes',
  no: 'No',
  certificate: 'Certificate',
  progressOf: (username: string) => `Progress of ${username}`,
  detailsTitle: (username: string) => `Details: ${username}`,
  detailsPosition: (index: number, total: number) => `Row ${index + 1} of ${total}`,
  detailsField: 'Field',
  detailsValue: 'Shown as',
  detailsRaw: 'Value from the API',
  detailsDerived: 'Derived',
  detailsPrevious: 'Previous',
  detailsNext: 'Next',
  detailsClose: 'Close',
  recentTitle: 'Recently opened courses',
  recentEmpty: 'Courses you open are listed here, on this device only.',
  recentCourse: (id: number) => `Course ${id}`,
  recentClear: 'Forget these courses',
} as const;
