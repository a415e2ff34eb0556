import { formatNumber } from '@/lib/format';
import { plural, type Locale } from '@/lib/i18n';
import type { CourseStatStatus } from '@/course/course-stat-status';
import type { ListEnd } from '@/lib/list-end';
import type { FailureReason } from '@/lib/retry-policy';

const n = (value: number, locale: Locale) => formatNumber(value, locale, { maximumFractionDigits: 0 });

/** The learner across courses on /courses: one learner's sessions in every listed course. */
const en = {
  locale: 'en' as Locale,
  resultsTitle: (userId: number) => `Learner ${userId} across courses`,
  listing: (listed: number) =>
    listed === 0 ? 'Reading the list of courses…' : `Reading the list of courses… ${n(listed, 'en')} so far.`,
  progress: (checked: number, total: number, foundIn: number) =>
    `Checked ${n(checked, 'en')} of ${plural('en', total, { one: '# course', other: '# courses' })}; found in ${n(foundIn, 'en')}`,
  knownRead: (read: number, total: number) =>
    `In ${n(read, 'en')} of ${plural('en', total, { one: '# course', other: '# courses' })} read; checking the rest by ID.`,
  partialRunning: 'Searching: the sessions below are what has been found so far.',
  partialCancelled: 'Cancelled: these results are partial. Resume to check the remaining courses.',
  partialStopped: 'The search stopped: these results are partial.',
  finished: (userId: number, foundIn: number) =>
    foundIn === 0 ? `User ${userId} was not found in any listed course.` : 'Every listed course was checked.',
  noCourses: 'No courses are listed for this sign-in, so there is nothing to search.',
  listCutShort: (end: Extract<ListEnd, 'repeated_page' | 'page_cap'>): string =>
    end === 'repeated_page'
      ? 'The LMS sent a page of the course list it had sent before, so the list was read no further: courses after it were not searched.'
      : 'The course list is longer than the search reads: courses past its limit were not searched.',
  noList:
    'The LMS does not list courses for this sign-in, so a learner cannot be looked up in all of them. Open a course by its ID instead.',
  waiting: (seconds: number) =>
    `The API asked to slow down: waiting ${n(seconds, 'en')} s, then carrying on with the same course.`,
  close: 'Close',
  cancel: 'Cancel',
  resume: 'Resume',
  sessionsCaption: (partial: boolean): string => (partial ? 'Sessions found (partial)' : 'Sessions found'),
  columns: {
    course: 'Course',
    session: 'Session',
    status: 'Status',
    progress: 'Progress',
    deadline: 'Deadline',
    lastActivity: 'Last activity',
    certificate: 'Certificate',
  },
  statusLabels: {
    not_started: 'Not started',
    in_progress: 'In progress',
    not_passed: 'Not passed',
    passed: 'Passed',
  } satisfies Record<CourseStatStatus, string>,
  progressOf: (course: string, session: string) => `Progress in ${course}, ${session}`,
  noDeadline: 'No deadline',
  overdue: 'Overdue',
  never: 'Never',
  certificateLink: 'Certificate',
  noCertificate: 'None',
  failedTitle: (count: number) =>
    `${plural('en', count, { one: '# course', other: '# courses' })} could not be checked`,
  failure: {
    forbidden: 'not allowed for this token',
    not_found: 'not found',
    refused: 'request refused',
    unreadable: 'answer could not be read',
    rate_limited: 'rate limited too long',
    server: 'API error',
    connection_lost: 'no connection',
    timeout: 'no answer in time',
  } satisfies Record<FailureReason, string>,
  failedCourse: (name: string, id: number, reason: string) => `${name} (ID ${id}): ${reason}`,
  failedRetryHint: 'Resume asks again the courses that failed for a passing reason.',
};

const ru: LearnerSearchTexts = {
  locale: 'ru',
  resultsTitle: (userId: number) => `Слушатель ${userId} во всех курсах`,
  listing: (listed: number) =>
    listed === 0 ? 'Читается список курсов…' : `Читается список курсов… Пока прочитано: ${n(listed, 'ru')}.`,
  progress: (checked: number, total: number, foundIn: number) =>
    `Проверено ${n(checked, 'ru')} из ${plural('ru', total, { one: '# курса', other: '# курсов' })}; найден в ${plural('ru', foundIn, { one: '# курсе', other: '# курсах' })}`,
  knownRead: (read: number, total: number) =>
    `Уже прочитано ${n(read, 'ru')} из ${plural('ru', total, { one: '# курса', other: '# курсов' })}; остальные проверяются по ID.`,
  partialRunning: 'Идёт поиск: ниже сессии, найденные к этому моменту.',
  partialCancelled: 'Поиск отменён: результаты неполные. Нажмите «Продолжить», чтобы проверить остальные курсы.',
  partialStopped: 'Поиск остановлен: результаты неполные.',
  finished: (userId: number, foundIn: number) =>
    foundIn === 0 ? `Пользователь ${userId} не найден ни в одном курсе из списка.` : 'Проверены все курсы из списка.',
  noCourses: 'Для этого входа курсов в списке нет, искать негде.',
  listCutShort: (end: Extract<ListEnd, 'repeated_page' | 'page_cap'>): string =>
    end === 'repeated_page'
      ? 'СДО прислала уже присланную страницу списка курсов, и дальше список не читался: курсы после неё не проверены.'
      : 'Список курсов длиннее, чем читает поиск: курсы за его пределом не проверены.',
  noList:
    'LMS не даёт списка курсов для этого входа, поэтому искать слушателя во всех курсах нельзя. Откройте курс по его ID.',
  waiting: (seconds: number) =>
    `API попросил снизить частоту запросов: ожидание ${n(seconds, 'ru')} с, затем поиск продолжится с того же курса.`,
  close: 'Закрыть',
  cancel: 'Отменить',
  resume: 'Продолжить',
  sessionsCaption: (partial: boolean) => (partial ? 'Найденные сессии (неполные результаты)' : 'Найденные сессии'),
  columns: {
    course: 'Курс',
    session: 'Сессия',
    status: 'Статус',
    progress: 'Прогресс',
    deadline: 'Срок',
    lastActivity: 'Последняя активность',
    certificate: 'Сертификат',
  },
  statusLabels: {
    not_started: 'Не начат',
    in_progress: 'В процессе',
    not_passed: 'Не пройден',
    passed: 'Пройден',
  },
  progressOf: (course: string, session: string) => `Прогресс: ${course}, ${session}`,
  noDeadline: 'Без срока',
  overdue: 'Просрочено',
  never: 'Никогда',
  certificateLink: 'Сертификат',
  noCertificate: 'Нет',
  failedTitle: (count: number) =>
    `Не удалось проверить: ${plural('ru', count, { one: '# курс', few: '# курса', many: '# курсов', other: '# курса' })}`,
  failure: {
    forbidden: 'нет доступа для этого токена',
    not_found: 'не найден',
    refused: 'запрос отклонён',
    unreadable: 'ответ не удалось прочитать',
    rate_limited: 'слишком долгое ограничение частоты',
    server: 'ошибка API',
    connection_lost: 'нет связи',
    timeout: 'нет ответа вовремя',
  },
  failedCourse: (name: string, id: number, reason: string) => `${name} (ID ${id}): ${reason}`,
  failedRetryHint: '«Продолжить» снова запросит курсы, которые не ответили по временной причине.',
};

export type LearnerSearchTexts = typeof en;

export const learnerSearchCatalogs: Record<Locale, LearnerSearchTexts> = { en, ru };
