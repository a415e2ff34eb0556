import type { CourseStat } from '@contract';
import { formatDateTime, formatNumber, formatPercent, formatRelativeTime } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import type { CourseStatStatus } from '@/course/course-stat-status';

/** Values written the language's way, whatever the browser's locale. */
const formatsIn = (locale: Locale) => ({
  locale,
  dateTime: (iso: string | null | undefined) => formatDateTime(iso, { locale }),
  relativeTime: (iso: string | null | undefined, now: number) => formatRelativeTime(iso, now, locale),
  percent: (value: number | null | undefined) => formatPercent(value, locale),
  decimal: (value: number | null | undefined) => formatNumber(value, locale),
});

/** Field names in the details dialog, one per wire field. */
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

/** The columns no wire field has (see ./fields.ts). */
type ComputedHeaders = Record<'status' | 'change', string>;

/** A column's header is its field's label, but where a shorter word fits; then the columns no wire field has. */
const enColumnHeaders: Record<keyof CourseStat, string> & ComputedHeaders = {
  ...enFieldLabels,
  username: 'User',
  completed_tasks: 'Tasks',
  status: 'Status',
  change: 'Change',
};

const enStatusLabels: Record<CourseStatStatus, string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  passed: 'Passed',
  not_passed: 'Not passed',
};
/** The words of the course-statistic fields and their values, shared by the table, the details, the learner view and the overview. */
const en = {
  columnHeaders: enColumnHeaders,
  fieldLabels: enFieldLabels,
  statusLabels: enStatusLabels,
  noDeadline: 'No deadline',
  overdue: 'Overdue',
  never: 'Never',
  yes: 'Yes',
  no: 'No',
  certificate: 'Certificate',
  progressOf: (username: string) => `Progress of ${username}`,
  durationUnits: { d: 'd', h: 'h', min: 'min', s: 's' },
  ...formatsIn('en'),
  csvUnits: { percent: '%', seconds: 'seconds' },
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

const ruColumnHeaders: Record<keyof CourseStat, string> & ComputedHeaders = {
  ...ruFieldLabels,
  username: 'Пользователь',
  completed_tasks: 'Задания',
  status: 'Статус',
  change: 'Изменение',
};

const ruStatusLabels: Record<CourseStatStatus, string> = {
  not_started: 'Не начат',
  in_progress: 'В процессе',
  passed: 'Пройден',
  not_passed: 'Не пройден',
};
const ru: FieldTexts = {
  columnHeaders: ruColumnHeaders,
  fieldLabels: ruFieldLabels,
  statusLabels: ruStatusLabels,
  noDeadline: 'Без срока',
  overdue: 'Просрочено',
  never: 'Никогда',
  yes: 'Да',
  no: 'Нет',
  certificate: 'Сертификат',
  progressOf: (username: string) => `Прогресс: ${username}`,
  durationUnits: { d: 'д', h: 'ч', min: 'мин', s: 'с' },
  ...formatsIn('ru'),
  csvUnits: { percent: '%', seconds: 'секунды' },
};

export type FieldTexts = typeof en;

export const fieldCatalogs: Record<Locale, FieldTexts> = { en, ru };
