import type { CourseStat } from '@contract';
import { formatDateTime, formatDuration, formatNumber, formatPercent, formatRelativeTime } from '@/lib/format';
import { plural as pluralOf, type Locale } from '@/lib/i18n';
import type { CourseStatStatus } from './model/course-stat-status';
import type { CourseStatsColumnId } from './model/course-stats-column-ids';
import type { SearchCorrection } from './model/course-stats-search';
import type { IdProblem } from './model/id-input';
import type { LearnerOverview, NotPassedReason } from './model/learner-summary';
import type { QuickFilterId } from './model/rows-shown';

/**
 * Every text of the course statistics screens. English is the source of truth; Russian is typed against it.
 * Numbers inside sentences are written the language's way ("10,000" / "10 000"), whatever the browser's locale.
 */
const number = (value: number) => formatNumber(value, 'en');
const plural = (count: number, one: string, many: string) =>
  pluralOf('en', count, { one: `# ${one}`, other: `# ${many}` });
const rows = (count: number) => plural(count, 'row', 'rows');
const pages = (count: number) => plural(count, 'page', 'pages');

const enColumnHeaders: Record<CourseStatsColumnId, string> = {
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
const enFieldLabels: Record<keyof CourseStat, string> = {
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

const enStatusLabels: Record<CourseStatStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  passed: 'Passed',
  not_passed: 'Not passed',
};

export type IdField = 'courseId' | 'userId' | 'courseSessionId';
const idFieldNames: Record<IdField, string> = {
  courseId: 'Course ID',
  userId: 'User ID',
  courseSessionId: 'Session ID',
};

function idProblemMessage(field: IdField, problem: IdProblem): string {
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

function correctionMessage(correction: SearchCorrection): string {
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

const enQuickFilterLabels: Record<QuickFilterId, string> = {
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

function summaryScope(scope: RowsScope): string {
  if (scope.kind === 'page') {
    const where = scope.wholeResults ? `all ${rows(scope.pageRows)} of the results` : null;
    if (!scope.narrowed) {
      return where
        ? `Based on ${where}.`
        : `Based on the ${rows(scope.pageRows)} on page ${scope.page} only, not the whole course.`;
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

function sortScope(column: string, desc: boolean, scope: RowsScope): string {
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
function triageScope(scope: RowsScope, searching: boolean): string {
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

function reasonText(reason: NotPassedReason): string {
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
function learnerSummaryText(overview: LearnerOverview, courseId: number, link: string): string {
  const who = overview.username ?? `User ${overview.userId}`;
  const lines = [
    `${who} (user ${overview.userId}${overview.email ? `, ${overview.email}` : ''})`,
    `Course ${courseId}${overview.courseName ? `: ${overview.courseName}` : ''}`,
    `${plural(overview.sessions.length, 'session', 'sessions')}, ${number(overview.passed)} passed`,
    ...overview.sessions.map(
      (session) =>
        `- ${session.row.course_session_name} (session ${session.row.course_session_id}): ${enStatusLabels[session.status]}. ${reasonText(session.reason)}${session.overdue ? ' The deadline has passed.' : ''}`,
    ),
    `Link: ${link}`,
  ];
  return lines.join('\n');
}

const waitSeconds = (untilMs: number, now: number) => Math.max(1, Math.ceil((untilMs - now) / 1000));

const en = {
  indexTitle: 'Course statistics',
  indexIntro: 'Enter a course ID to see how its learners are doing.',
  pageTitle: (courseId: number) => `Course ${courseId} statistics`,
  courseName: (name: string) => `Course name: ${name}`,
  filtersLegend: 'Show statistics',
  optional: 'Optional',
  show: 'Show',
  filtersSummary: (parts: readonly string[]) => parts.join(' · '),
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
  loadAllHint:
    'The API sends at most 100 rows at a time and cannot sort or search. Load every page to search, filter, sort, summarise and export the whole course here.',
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
  quickFiltersHint:
    'Inactive: no activity for 14 days or more, or never. Not passed: not passed yet, whatever the progress. Passed without certificate: passed, with no certificate link.',

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
  retrying: (attempt: number, of: number) => `The API did not answer; retrying (attempt ${attempt} of ${of})…`,
  filtersToggle: 'Filters',

  columnHeaders: enColumnHeaders,
  fieldLabels: enFieldLabels,
  statusLabels: enStatusLabels,
  quickFilterLabels: enQuickFilterLabels,
  idProblem: idProblemMessage,
  correction: correctionMessage,
  summaryScope,
  sortScope,
  triageScope,
  reason: reasonText,
  learnerSummary: learnerSummaryText,
  locale: 'en' as Locale,
  durationUnits: { d: 'd', h: 'h', min: 'min', s: 's' },
  rowNoun: 'row',
  dateTime: (iso: string | null | undefined) => formatDateTime(iso, { locale: 'en' }),
  relativeTime: (iso: string | null | undefined, now: number) => formatRelativeTime(iso, now, 'en'),
  percent: (value: number | null | undefined) => formatPercent(value, 'en'),
  decimal: (value: number | null | undefined) => formatNumber(value, 'en'),
};

export type CourseStatsTexts = typeof en;

/* Russian */

const ruNumber = (value: number) => formatNumber(value, 'ru');
/** "1 строка", "2 строки", "5 строк": the forms after one, a few (2–4) and many. */
const ruPlural = (count: number, one: string, few: string, many: string) =>
  pluralOf('ru', count, { one: `# ${one}`, few: `# ${few}`, many: `# ${many}`, other: `# ${few}` });
const ruRows = (count: number) => ruPlural(count, 'строка', 'строки', 'строк');
const ruRowsOf = (count: number) => ruPlural(count, 'строки', 'строк', 'строк');
const ruPages = (count: number) => ruPlural(count, 'страница', 'страницы', 'страниц');
const ruPagesOf = (count: number) => ruPlural(count, 'страницы', 'страниц', 'страниц');
const ruAddresses = (count: number) => ruPlural(count, 'адрес', 'адреса', 'адресов');

const ruColumnHeaders: Record<CourseStatsColumnId, string> = {
  username: 'Пользователь',
  user_email: 'Эл. почта',
  course_session_name: 'Сессия',
  status: 'Статус',
  progress: 'Прогресс',
  score: 'Балл',
  deadline: 'Срок',
  last_activity: 'Последняя активность',
  time_spent: 'Затрачено времени',
  completed_tasks: 'Задания',
  cert_file: 'Сертификат',
  completed: 'Завершено',
  success: 'Успешно',
  quiz_count: 'Число тестов',
  score_percent: 'Балл, %',
  progress_percent: 'Прогресс, %',
  id: 'ID записи',
  user_id: 'ID пользователя',
  course_session_id: 'ID сессии',
};

const ruFieldLabels: Record<keyof CourseStat, string> = {
  id: 'ID записи',
  user_id: 'ID пользователя',
  username: 'Имя пользователя',
  user_email: 'Эл. почта',
  course_id: 'ID курса',
  coursename: 'Название курса',
  completed: 'Завершено',
  success: 'Успешно',
  course_session_id: 'ID сессии',
  course_session_name: 'Сессия',
  deadline: 'Срок',
  time_spent: 'Затрачено времени',
  quiz_count: 'Число тестов',
  score: 'Балл',
  score_percent: 'Балл, %',
  last_activity: 'Последняя активность',
  progress: 'Прогресс',
  progress_percent: 'Прогресс, %',
  completed_tasks: 'Выполнено заданий',
  cert_file: 'Сертификат',
};

const ruStatusLabels: Record<CourseStatStatus, string> = {
  not_started: 'Не начат',
  in_progress: 'В процессе',
  passed: 'Пройден',
  not_passed: 'Не пройден',
};

const ruIdFieldNames: Record<IdField, string> = {
  courseId: 'ID курса',
  userId: 'ID пользователя',
  courseSessionId: 'ID сессии',
};

function ruIdProblemMessage(field: IdField, problem: IdProblem): string {
  const name = ruIdFieldNames[field];
  switch (problem) {
    case 'required':
      return `Введите ${name}.`;
    case 'spaces':
      return `${name} не должен содержать пробелов.`;
    case 'not_a_whole_number':
      return `${name} должен быть целым числом больше 0, например 42.`;
    case 'zero':
      return `${name} должен быть больше 0.`;
    case 'leading_zero':
      return `${name} не должен начинаться с 0.`;
    case 'too_large':
      return `${name} слишком велик.`;
  }
}

function ruCorrectionMessage(correction: SearchCorrection): string {
  switch (correction.param) {
    case 'user_id':
      return `ID пользователя «${clip(correction.raw)}» в ссылке недопустим, поэтому этот фильтр убран.`;
    case 'course_session_id':
      return `ID сессии «${clip(correction.raw)}» в ссылке недопустим, поэтому этот фильтр убран.`;
    case 'page':
      return `Страница «${clip(correction.raw)}» в ссылке — не номер страницы; показана страница ${correction.value}.`;
    case 'per_page':
      return `Ссылка просит «${clip(correction.raw)}» строк на странице; показано ${correction.value} — ближайший вариант.`;
    case 'sort':
      return `Сортировка «${clip(correction.raw)}» из ссылки недоступна, поэтому строки идут в порядке API.`;
    case 'all':
      return `Параметр «all=${clip(correction.raw)}» в ссылке не распознан, поэтому курс показан по страницам.`;
    case 'quick':
      return `Быстрый фильтр «${clip(correction.raw)}» из ссылки недоступен, поэтому он убран.`;
    case 'view':
      return `Ссылка просит вид «${clip(correction.raw)}», которому нужен верный ID пользователя, поэтому показан курс.`;
  }
}

const ruQuickFilterLabels: Record<QuickFilterId, string> = {
  overdue: 'Просрочено',
  not_started: 'Не начали',
  inactive: 'Неактивны 14+ дней',
  not_passed: 'Не прошли',
  passed_no_cert: 'Прошли без сертификата',
};

const ruShownOf = (scope: RowsScope) =>
  `${ruPlural(scope.shown, 'строке', 'строкам', 'строкам')}, подходящим под поиск и быстрые фильтры`;

function ruSummaryScope(scope: RowsScope): string {
  if (scope.kind === 'page') {
    const where = scope.wholeResults ? `всех ${ruRowsOf(scope.pageRows)} результатов` : null;
    if (!scope.narrowed) {
      return where
        ? `По всем результатам: ${ruRows(scope.pageRows)}.`
        : `Только по странице ${scope.page} (${ruRows(scope.pageRows)}), не по всему курсу.`;
    }
    return where
      ? `По ${ruShownOf(scope)}, из ${where}.`
      : `По ${ruShownOf(scope)}, среди строк страницы ${scope.page} (${ruRows(scope.pageRows)}), не по всему курсу.`;
  }
  if (scope.complete) {
    return scope.narrowed
      ? `По ${ruShownOf(scope)}, из всех ${ruRowsOf(scope.loaded)} результатов.`
      : `По всем результатам: ${ruRows(scope.loaded)}.`;
  }
  return scope.narrowed
    ? `По ${ruShownOf(scope)}, среди загруженных (${ruRows(scope.loaded)}); могут быть и другие.`
    : `По загруженным строкам (${ruRows(scope.loaded)}); могут быть и другие.`;
}

function ruSortScope(column: string, desc: boolean, scope: RowsScope): string {
  const sorted = `Сортировка: ${column}, ${desc ? 'по убыванию' : 'по возрастанию'},`;
  if (scope.kind === 'page') {
    return scope.wholeResults
      ? `${sorted} по всем строкам (${ruRows(scope.pageRows)}).`
      : `${sorted} только в пределах этой страницы: API не умеет сортировать, другие страницы не учтены.`;
  }
  return scope.complete
    ? `${sorted} по всем строкам (${ruRows(scope.loaded)}).`
    : `${sorted} по загруженным строкам (${ruRows(scope.loaded)}); могут быть и другие.`;
}

function ruTriageScope(scope: RowsScope, searching: boolean): string {
  const matching = searching ? ', подходящих под поиск' : '';
  if (scope.kind === 'page') {
    return scope.wholeResults
      ? `Подсчёт по всем строкам результатов (${ruRows(scope.pageRows)})${matching}.`
      : `Поиск и быстрые фильтры охватывают только страницу ${scope.page} (${ruRows(scope.pageRows)}). Загрузите все страницы, чтобы охватить весь курс.`;
  }
  return scope.complete
    ? `Подсчёт по всем загруженным строкам (${ruRows(scope.loaded)})${matching}.`
    : `Подсчёт по загруженным пока строкам (${ruRows(scope.loaded)})${matching}; могут быть и другие.`;
}

function ruReasonText(reason: NotPassedReason): string {
  switch (reason.kind) {
    case 'passed':
      return 'Пройден.';
    case 'completed_without_success':
      return `Завершён без успеха (балл ${ruNumber(reason.score)}).`;
    case 'not_started':
      return 'Не начат: прогресс 0%.';
    case 'progress_below_100':
      return `Прогресс ${Math.round(reason.progress)}%, меньше 100%.`;
    case 'not_marked_completed':
      return 'Прогресс 100%, но курс не отмечен завершённым.';
  }
}

function ruLearnerSummaryText(overview: LearnerOverview, courseId: number, link: string): string {
  const who = overview.username ?? `Пользователь ${overview.userId}`;
  const lines = [
    `${who} (пользователь ${overview.userId}${overview.email ? `, ${overview.email}` : ''})`,
    `Курс ${courseId}${overview.courseName ? `: ${overview.courseName}` : ''}`,
    `${ruPlural(overview.sessions.length, 'сессия', 'сессии', 'сессий')}, пройдено: ${ruNumber(overview.passed)}`,
    ...overview.sessions.map(
      (session) =>
        `- ${session.row.course_session_name} (сессия ${session.row.course_session_id}): ${ruStatusLabels[session.status]}. ${ruReasonText(session.reason)}${session.overdue ? ' Срок прошёл.' : ''}`,
    ),
    `Ссылка: ${link}`,
  ];
  return lines.join('\n');
}

const ru: CourseStatsTexts = {
  indexTitle: 'Статистика курса',
  indexIntro: 'Введите ID курса, чтобы увидеть успехи его слушателей.',
  pageTitle: (courseId: number) => `Статистика курса ${courseId}`,
  courseName: (name: string) => `Название курса: ${name}`,
  filtersLegend: 'Показать статистику',
  optional: 'Необязательно',
  show: 'Показать',
  filtersSummary: (parts: readonly string[]) => parts.join(' · '),
  invalidCourse: (raw: string, problem: string) => `«${clip(raw)}» — не ID курса. ${problem}`,
  invalidCourseTitle: 'Этот адрес не указывает на курс.',
  correctionsTitle: 'Некоторые значения в ссылке исправлены.',
  activeFilters: 'Отфильтровано по',
  filterUser: (id: number) => `ID пользователя ${id}`,
  filterSession: (id: number) => `ID сессии ${id}`,
  clearFilters: 'Сбросить фильтры',
  notFound: (courseId: number) => `Курс ${courseId} не найден`,
  rateLimitedWaiting: 'API ограничивает частоту запросов. Ждём перед новой попыткой…',
  loading: 'Загрузка статистики…',
  emptyCourse: 'По этому курсу нет статистики',
  emptyFilters: 'По этим фильтрам нет статистики',
  emptyPage: (page: number) => `На странице ${page} нет строк`,
  emptyPageHint: 'Результаты заканчиваются на более ранней странице.',
  firstPage: 'Перейти на страницу 1',
  allRejected: (count: number) => `Ни одну из присланных API строк (${ruRows(count)}) нельзя показать.`,
  showingRows: (count: number, page: number) => `Показано ${ruRows(count)} на странице ${page}.`,
  tableLabel: (courseId: number) => `Статистика курса ${courseId}`,
  columnsMenu: 'Столбцы',
  summaryTitle: 'Сводка',
  summaryLearners: 'Слушатели',
  summaryCompleted: 'Завершили',
  summaryPassed: 'Сдали',
  summaryAverageProgress: 'Средний прогресс',
  summaryAverageScore: 'Средний балл',
  summaryOverdue: 'Просрочено',
  pagination: 'Страницы',
  previousPage: 'Предыдущая страница',
  nextPage: 'Следующая страница',
  page: (page: number) => `Страница ${page}`,
  loadingPage: (page: number) => `Загрузка страницы ${page}…`,
  rowsPerPage: 'Строк на странице',
  noDeadline: 'Без срока',
  overdue: 'Просрочено',
  never: 'Никогда',
  yes: 'Да',
  no: 'Нет',
  certificate: 'Сертификат',
  progressOf: (username: string) => `Прогресс: ${username}`,
  detailsTitle: (username: string) => `Подробности: ${username}`,
  detailsPosition: (index: number, total: number) => `Строка ${index + 1} из ${total}`,
  detailsField: 'Поле',
  detailsValue: 'Показано как',
  detailsRaw: 'Значение из API',
  detailsDerived: 'Вычислено',
  detailsPrevious: 'Предыдущая',
  detailsNext: 'Следующая',
  detailsClose: 'Закрыть',
  recentTitle: 'Недавно открытые курсы',
  recentEmpty: 'Здесь будут курсы, которые вы открываете (только на этом устройстве).',
  recentCourse: (id: number) => `Курс ${id}`,
  recentClear: 'Забыть эти курсы',

  wholeCourseTitle: 'Весь курс',
  loadAll: 'Загрузить все страницы',
  loadAllHint:
    'API отдаёт не более 100 строк за раз и не умеет сортировать и искать. Загрузите все страницы, чтобы искать, фильтровать, сортировать, подводить итоги и выгружать весь курс здесь.',
  loadingAll: 'Загрузка всех страниц',
  loadedSoFar: (loaded: number, pageCount: number) => `Загружено ${ruRows(loaded)} (${ruPages(pageCount)})…`,
  loadedAll: (loaded: number, pageCount: number) => `Загружены все страницы (${ruPages(pageCount)}): ${ruRows(loaded)}`,
  stoppedAt: (loaded: number, pageCount: number) =>
    `Остановлено после ${ruRowsOf(loaded)} (${ruPagesOf(pageCount)}); могут быть и другие.`,
  waiting: (reason: string, untilMs: number, now: number) =>
    reason === 'rate_limited'
      ? `API просит снизить темп: ждём ${waitSeconds(untilMs, now)} с, запросов одновременно будет меньше.`
      : `У API возникла проблема с ответом: повтор через ${waitSeconds(untilMs, now)} с, запросов одновременно будет меньше.`,
  cancel: 'Отмена',
  resume: 'Продолжить',
  refresh: 'Обновить',
  showPages: 'Показать по страницам',
  duplicates: (count: number) =>
    `${ruPlural(count, 'строка пришла', 'строки пришли', 'строк пришли')} дважды (список менялся во время чтения); каждая показана один раз.`,
  showingOf: (shown: number, total: number) => `Показано ${ruNumber(shown)} из ${ruRowsOf(total)}.`,
  showingOnPage: (shown: number, total: number, page: number) =>
    `Показано ${ruNumber(shown)} из ${ruRowsOf(total)} на странице ${page}.`,
  noMatches: 'Нет строк, подходящих под поиск и быстрые фильтры.',
  clearTriage: 'Сбросить поиск и быстрые фильтры',
  loadingTable: 'Подготовка таблицы…',

  searchLabel: 'Поиск по загруженным строкам',
  searchHint: 'Имя пользователя, почта или название сессии; должно совпасть каждое слово.',
  quickFiltersLegend: 'Быстрые фильтры',
  quickFilterCount: (count: number) => `(${ruNumber(count)})`,
  quickFiltersHint:
    'Неактивны: нет активности 14 дней и дольше или не было никогда. Не прошли: ещё не сдали, при любом прогрессе. Прошли без сертификата: сдали, но ссылки на сертификат нет.',

  contactTitle: 'Связь',
  copyEmails: 'Скопировать адреса',
  copiedEmails: (count: number, invalid: number) =>
    `Скопировано ${ruAddresses(count)}, по одному в строке.${invalid > 0 ? ` Пропущено ${ruRows(invalid)}: недопустимый адрес.` : ''}`,
  copyFailed: 'Копирование не разрешено. Выделите текст ниже и скопируйте его.',
  copyFallbackLabel: 'Текст для копирования',
  emailLearners: 'Написать этим слушателям',
  mailtoNone: 'Среди показанных строк нет допустимых адресов.',
  mailtoTooLong: (count: number) =>
    `${ruAddresses(count)} — слишком много для почтовой ссылки; скопируйте адреса и вставьте их в поле «Скрытая копия».`,
  mailtoBcc: (count: number) =>
    `Откроет почтовую программу с ${ruPlural(count, 'адресом', 'адресами', 'адресами')} в скрытой копии.`,

  exportCsv: 'Экспорт CSV',
  delimiter: 'Разделитель',
  delimiterComma: 'Запятая',
  delimiterSemicolon: 'Точка с запятой',
  exportScope: (shown: number, partial: boolean) =>
    `Выгружаются показанные строки (${ruRows(shown)}) и видимые столбцы в их порядке${partial ? '; могут быть и другие строки' : ''}.`,
  exported: (shown: number, fileName: string) => `Выгружено ${ruRows(shown)} в ${fileName}.`,
  exportFailed: 'Не удалось подготовить выгрузку. Попробуйте ещё раз.',

  allSessions: 'Все сессии этого слушателя',
  learnerTitle: (name: string) => `Все сессии: ${name}`,
  learnerUnknown: (userId: number) => `Пользователь ${userId}`,
  learnerIds: (userId: number, email: string | null) => `ID пользователя ${userId}${email ? ` · ${email}` : ''}`,
  learnerBack: 'Назад ко всем слушателям',
  learnerEmpty: (userId: number) => `В этом курсе нет статистики пользователя ${userId}.`,
  learnerCount: (sessions: number, passed: number) =>
    `${ruPlural(sessions, 'сессия', 'сессии', 'сессий')}, пройдено: ${ruNumber(passed)}.`,
  learnerTableLabel: (name: string) => `Сессии: ${name}`,
  learnerWhy: 'Почему не пройден',
  copySummary: 'Скопировать сводку',
  summaryCopied: 'Сводка скопирована вместе со ссылкой на этот вид.',
  retrying: (attempt: number, of: number) => `API не ответил; повторяем запрос (попытка ${attempt} из ${of})…`,
  filtersToggle: 'Фильтры',

  columnHeaders: ruColumnHeaders,
  fieldLabels: ruFieldLabels,
  statusLabels: ruStatusLabels,
  quickFilterLabels: ruQuickFilterLabels,
  idProblem: ruIdProblemMessage,
  correction: ruCorrectionMessage,
  summaryScope: ruSummaryScope,
  sortScope: ruSortScope,
  triageScope: ruTriageScope,
  reason: ruReasonText,
  learnerSummary: ruLearnerSummaryText,
  locale: 'ru',
  durationUnits: { d: 'д', h: 'ч', min: 'мин', s: 'с' },
  rowNoun: 'строка',
  dateTime: (iso: string | null | undefined) => formatDateTime(iso, { locale: 'ru' }),
  relativeTime: (iso: string | null | undefined, now: number) => formatRelativeTime(iso, now, 'ru'),
  percent: (value: number | null | undefined) => formatPercent(value, 'ru'),
  decimal: (value: number | null | undefined) => formatNumber(value, 'ru'),
};

export const courseStatsCatalogs: Record<Locale, CourseStatsTexts> = { en, ru };

/** English texts, for code that runs outside a component (and for tests). */
export const texts = en;
export const columnHeaders = en.columnHeaders;

/** A duration in the catalog's units: "1 h 5 min", "1 ч 5 мин". */
export function localizedDuration(
  seconds: number | null | undefined,
  units: CourseStatsTexts['durationUnits'],
): string {
  return formatDuration(seconds)
    .replace(/\bd\b/g, units.d)
    .replace(/\bh\b/g, units.h)
    .replace(/\bmin\b/g, units.min)
    .replace(/\bs\b/g, units.s);
}
