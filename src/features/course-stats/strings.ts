import type { CourseStat } from '@contract';
import type { CourseStatStatus } from './model/course-stat-status';
import type { CourseStatsColumnId } from './model/course-stats-column-ids';
import type { SearchCorrection } from './model/course-stats-search';
import type { IdProblem } from './model/id-input';
import type { LearnerOverview, NotPassedReason } from './model/learner-summary';
import type { QuickFilterId } from './model/rows-shown';

/** Every English text of the course statistics screens, in one place for the translation to come. */

/** Numbers inside English sentences are written the English way ("10,000"), whatever the browser's locale. */
const number = (value: number) => value.toLocaleString('en-US');
const plural = (count: number, one: string, many: string) => `${number(count)} ${count === 1 ? one : many}`;
const rows = (count: number) => plural(count, 'row', 'rows');
const pages = (count: number) => plural(count, 'page', 'pages');

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
    case 'all':
      return `The link's “all=${clip(correction.raw)}” is not understood, so the course is shown page by page.`;
    case 'quick':
      return `The link's quick filter “${clip(correction.raw)}” is not available, so it was removed.`;
    case 'view':
      return `The link asks for a view “${clip(correction.raw)}” that needs a valid User ID, so the course is shown instead.`;
  }
}

export const quickFilterLabels: Record<QuickFilterId, string> = {
  overdue: 'Overdue',
  not_started: 'Not started',
  inactive: 'Inactive 14+ days',
  not_passed: 'Not passed',
  passed_no_cert: 'Passed without certificate',
};

/** Which rows a figure, a sort or a count covers. */
export type RowsScope =
  | { kind: 'page'; page: number; pageRows: number; shown: number; narrowed: boolean; wholeResults: boolean }
  | { kind: 'whole'; loaded: number; shown: number; narrowed: boolean; complete: boolean };

const shownOf = (scope: RowsScope) => `the ${rows(scope.shown)} matching the search and quick filters`;

export function summaryScope(scope: RowsScope): string {
  if (scope.kind === 'page') {
    const where = scope.wholeResults ? `all ${rows(scope.pageRows)} of the results` : null;
    if (!scope.narrowed) {
      return where ? `Based on ${where}.` : `Based on the ${rows(scope.pageRows)} on page ${scope.page} only, not the whole course.`;
    }
    return where
      ? `Based on ${shownOf(scope)}, out of ${where}.`
      : `Based on ${shownOf(scope)} among the ${rows(scope.pageRows)} on page ${scope.page} only, not the whole course.`;
  }
  if (scope.complete) {
    return scope.narrowed
      ? `Based on ${shownOf(scope)}, out of all ${rows(scope.loaded)} of the results.`
      : `Based on all ${rows(scope.loaded)} of the results.`;
  }
  return scope.narrowed
    ? `Based on ${shownOf(scope)} among ${rows(scope.loaded)} loaded so far; more may exist.`
    : `Based on ${rows(scope.loaded)}, more may exist.`;
}

export function sortScope(column: string, desc: boolean, scope: RowsScope): string {
  const sorted = `Sorted by ${column}, ${desc ? 'descending' : 'ascending'},`;
  if (scope.kind === 'page') {
    return scope.wholeResults
      ? `${sorted} across all ${rows(scope.pageRows)}.`
      : `${sorted} within this page only: the API cannot sort, so other pages are not included.`;
  }
  return scope.complete
    ? `${sorted} across all ${rows(scope.loaded)}.`
    : `${sorted} over the ${rows(scope.loaded)} loaded so far; more may exist.`;
}

/** What the search and the quick filter counts cover. */
export function triageScope(scope: RowsScope, searching: boolean): string {
  const matching = searching ? ' that match the search' : '';
  if (scope.kind === 'page') {
    return scope.wholeResults
      ? `Counts are of all ${rows(scope.pageRows)} of the results${matching}.`
      : `Search and quick filters cover the ${rows(scope.pageRows)} on page ${scope.page} only. Load all pages to cover the whole course.`;
  }
  return scope.complete
    ? `Counts are of all ${rows(scope.loaded)} loaded${matching}.`
    : `Counts are of the ${rows(scope.loaded)} loaded so far${matching}; more may exist.`;
}

export function reasonText(reason: NotPassedReason): string {
  switch (reason.kind) {
    case 'passed':
      return 'Passed.';
    case 'completed_without_success':
      return `Completed without success (score ${number(reason.score)}).`;
    case 'not_started':
      return 'Not started: progress is 0%.';
    case 'progress_below_100':
      return `Progress is ${Math.round(reason.progress)}%, below 100%.`;
    case 'not_marked_completed':
      return 'Progress is 100% but the course is not marked completed.';
  }
}

/** The plain-text summary the learner view copies: one line per session, and a link back to the view. */
export function learnerSummaryText(overview: LearnerOverview, courseId: number, link: string): string {
  const who = overview.username ?? `User ${overview.userId}`;
  const lines = [
    `${who} (user ${overview.userId}${overview.email ? `, ${overview.email}` : ''})`,
    `Course ${courseId}${overview.courseName ? `: ${overview.courseName}` : ''}`,
    `${plural(overview.sessions.length, 'session', 'sessions')}, ${number(overview.passed)} passed`,
    ...overview.sessions.map(
      (session) =>
        `- ${session.row.course_session_name} (session ${session.row.course_session_id}): ${statusLabels[session.status]}. ${reasonText(session.reason)}${session.overdue ? ' The deadline has passed.' : ''}`,
    ),
    `Link: ${link}`,
  ];
  return lines.join('\n');
}

const waitSeconds = (untilMs: number, now: number) => Math.max(1, Math.ceil((untilMs - now) / 1000));

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
  summaryTitle: 'Summary',
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

  // Whole-course mode
  wholeCourseTitle: 'Whole course',
  loadAll: 'Load all pages',
  loadAllHint: 'The API sends at most 100 rows at a time and cannot sort or search. Load every page to search, filter, sort, summarise and export the whole course here.',
  loadingAll: 'Loading all pages',
  loadedSoFar: (loaded: number, pageCount: number) => `Loaded ${rows(loaded)} (${pages(pageCount)})…`,
  loadedAll: (loaded: number, pageCount: number) => `Loaded every page (${pages(pageCount)}): ${rows(loaded)}`,
  stoppedAt: (loaded: number, pageCount: number) =>
    `Stopped after ${rows(loaded)} (${pages(pageCount)}); more may exist.`,
  waiting: (reason: string, untilMs: number, now: number) =>
    reason === 'rate_limited'
      ? `The API asked to slow down: waiting ${waitSeconds(untilMs, now)} s, with fewer requests at once.`
      : `The API had a problem answering: trying again in ${waitSeconds(untilMs, now)} s, with fewer requests at once.`,
  cancel: 'Cancel',
  resume: 'Resume',
  refresh: 'Refresh',
  showPages: 'Show pages',
  duplicates: (count: number) =>
    `${plural(count, 'row was', 'rows were')} sent twice (the list changed while it was read); each is shown once.`,
  showingOf: (shown: number, total: number) => `Showing ${number(shown)} of ${rows(total)}.`,
  showingOnPage: (shown: number, total: number, page: number) =>
    `Showing ${number(shown)} of the ${rows(total)} on page ${page}.`,
  noMatches: 'No rows match the search and quick filters.',
  clearTriage: 'Clear search and quick filters',
  loadingTable: 'Preparing the table…',

  // Search and quick filters
  searchLabel: 'Search loaded rows',
  searchHint: 'User name, email or session name; every word must match.',
  quickFiltersLegend: 'Quick filters',
  quickFilterCount: (count: number) => `(${number(count)})`,
  quickFiltersHint: 'Inactive: no activity for 14 days or more, or never. Not passed: not passed yet, whatever the progress. Passed without certificate: passed, with no certificate link.',

  // Copy and mail
  contactTitle: 'Contact',
  copyEmails: 'Copy emails',
  copiedEmails: (count: number, invalid: number) =>
    `Copied ${plural(count, 'address', 'addresses')}, one per line.${invalid > 0 ? ` ${plural(invalid, 'row was', 'rows were')} left out: not a valid address.` : ''}`,
  copyFailed: 'Copying was not allowed. Select the text below and copy it.',
  copyFallbackLabel: 'Text to copy',
  emailLearners: 'Email these learners',
  mailtoNone: 'No valid addresses among the rows shown.',
  mailtoTooLong: (count: number) =>
    `${plural(count, 'address is', 'addresses are')} too many for an email link; use Copy emails and paste them into BCC.`,
  mailtoBcc: (count: number) => `Opens your mail app with ${plural(count, 'address', 'addresses')} in BCC.`,

  // Export
  exportCsv: 'Export CSV',
  delimiter: 'Delimiter',
  delimiterComma: 'Comma',
  delimiterSemicolon: 'Semicolon',
  exportScope: (shown: number, partial: boolean) =>
    `Exports the ${rows(shown)} shown and the visible columns, in their order${partial ? '; more rows may exist' : ''}.`,
  exported: (shown: number, fileName: string) => `Exported ${rows(shown)} to ${fileName}.`,
  exportFailed: 'The export could not be prepared. Try again.',

  // Learner view
  allSessions: 'All sessions of this learner',
  learnerTitle: (name: string) => `All sessions of ${name}`,
  learnerUnknown: (userId: number) => `User ${userId}`,
  learnerIds: (userId: number, email: string | null) => `User ID ${userId}${email ? ` · ${email}` : ''}`,
  learnerBack: 'Back to all learners',
  learnerEmpty: (userId: number) => `No statistics for user ${userId} in this course.`,
  learnerCount: (sessions: number, passed: number) =>
    `${plural(sessions, 'session', 'sessions')}, ${number(passed)} passed.`,
  learnerTableLabel: (name: string) => `Sessions of ${name}`,
  learnerWhy: 'Why not passed',
  copySummary: 'Copy summary',
  summaryCopied: 'Summary copied, with a link to this view.',
} as const;
