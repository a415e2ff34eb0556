import type { Locale } from '@/lib/i18n';
import { fieldCatalogs } from '../fields/strings';
import { enWords, ruWords } from '../fields/words';
import type { LearnerOverview, LearnerSession, NotPassedReason } from './learner-summary';

const { number, plural } = enWords;
const enStatusLabels = fieldCatalogs.en.statusLabels;

function reasonText(reason: NotPassedReason): string {
  switch (reason.kind) {
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

/** One session in a line: status and progress, why it is not passed, and its certificate. */
function sessionLine(session: LearnerSession): string {
  const { row, status, reason, progress, overdue, certificate } = session;
  const parts = [`${enStatusLabels[status]}, progress ${Math.round(progress)}%.`];
  if (reason) parts.push(`Why not passed: ${reasonText(reason)}`);
  if (overdue) parts.push('The deadline has passed.');
  if (certificate) parts.push(`Certificate: ${certificate}`);
  else if (reason === null) parts.push('No certificate link.');
  return `- ${row.course_session_name} (session ${row.course_session_id}): ${parts.join(' ')}`;
}

/** The plain-text summary the learner view copies: one line per session, and a link back to the view. */
function learnerSummaryText(overview: LearnerOverview, courseId: number, link: string): string {
  const who = overview.username ?? `User ${overview.userId}`;
  const lines = [
    `${who} (user ${overview.userId}${overview.email ? `, ${overview.email}` : ''})`,
    `Course ${courseId}${overview.courseName ? `: ${overview.courseName}` : ''}`,
    `${plural(overview.sessions.length, 'session', 'sessions')}, ${number(overview.passed)} passed`,
    ...overview.sessions.map(sessionLine),
    `Link: ${link}`,
  ];
  return lines.join('\n');
}
/** The learner view: every session of one learner in the course, and the summary it copies. */
const en = {
  learnerTitle: (name: string) => `All sessions of ${name}`,
  learnerUnknown: (userId: number) => `User ${userId}`,
  learnerIds: (userId: number, email: string | null) => `User ID ${userId}${email ? ` · ${email}` : ''}`,
  learnerBack: 'Back to all learners',
  inOtherCourses: 'In other courses',
  learnerEmpty: (userId: number) => `No statistics for user ${userId} in this course.`,
  learnerCount: (sessions: number, passed: number) =>
    `${plural(sessions, 'session', 'sessions')}, ${number(passed)} passed.`,
  learnerListLabel: (name: string) => `Sessions of ${name}`,
  sessionId: (id: number) => `Session ID ${id}`,
  learnerWhy: 'Why not passed',
  copySummary: 'Copy summary',
  summaryCopied: 'Summary copied, with a link to this view.',
  reason: reasonText,
  learnerSummary: learnerSummaryText,
};

const { number: ruNumber, plural: ruPlural } = ruWords;
const ruStatusLabels = fieldCatalogs.ru.statusLabels;

function ruReasonText(reason: NotPassedReason): string {
  switch (reason.kind) {
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

function ruSessionLine(session: LearnerSession): string {
  const { row, status, reason, progress, overdue, certificate } = session;
  const parts = [`${ruStatusLabels[status]}, прогресс ${Math.round(progress)}%.`];
  if (reason) parts.push(`Почему не пройден: ${ruReasonText(reason)}`);
  if (overdue) parts.push('Срок прошёл.');
  if (certificate) parts.push(`Сертификат: ${certificate}`);
  else if (reason === null) parts.push('Ссылки на сертификат нет.');
  return `- ${row.course_session_name} (сессия ${row.course_session_id}): ${parts.join(' ')}`;
}

function ruLearnerSummaryText(overview: LearnerOverview, courseId: number, link: string): string {
  const who = overview.username ?? `Пользователь ${overview.userId}`;
  const lines = [
    `${who} (пользователь ${overview.userId}${overview.email ? `, ${overview.email}` : ''})`,
    `Курс ${courseId}${overview.courseName ? `: ${overview.courseName}` : ''}`,
    `${ruPlural(overview.sessions.length, 'сессия', 'сессии', 'сессий')}, пройдено: ${ruNumber(overview.passed)}`,
    ...overview.sessions.map(ruSessionLine),
    `Ссылка: ${link}`,
  ];
  return lines.join('\n');
}
const ru: LearnerTexts = {
  learnerTitle: (name: string) => `Все сессии: ${name}`,
  learnerUnknown: (userId: number) => `Пользователь ${userId}`,
  learnerIds: (userId: number, email: string | null) => `ID пользователя ${userId}${email ? ` · ${email}` : ''}`,
  learnerBack: 'Назад ко всем слушателям',
  inOtherCourses: 'В других курсах',
  learnerEmpty: (userId: number) => `В этом курсе нет статистики пользователя ${userId}.`,
  learnerCount: (sessions: number, passed: number) =>
    `${ruPlural(sessions, 'сессия', 'сессии', 'сессий')}, пройдено: ${ruNumber(passed)}.`,
  learnerListLabel: (name: string) => `Сессии: ${name}`,
  sessionId: (id: number) => `ID сессии ${id}`,
  learnerWhy: 'Почему не пройден',
  copySummary: 'Скопировать сводку',
  summaryCopied: 'Сводка скопирована вместе со ссылкой на этот вид.',
  reason: ruReasonText,
  learnerSummary: ruLearnerSummaryText,
};

export type LearnerTexts = typeof en;

export const learnerCatalogs: Record<Locale, LearnerTexts> = { en, ru };
