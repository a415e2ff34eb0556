import type { HealthColumn, HealthSort } from '@/course/health-order';
import { formatNumber } from '@/lib/format';
import { plural, type Locale } from '@/lib/locale';
import type { ListEnd } from '@/lib/list-end';
import type { FailureReason } from '@/lib/retry-policy';

/** Why the LMS's course list is not shown, in one line. */
export type ListUnavailable = 'not_listed' | 'forbidden' | 'unreadable' | 'offline' | 'failed';

const enCourses = (count: number) => (count === 1 ? '1 course' : `${formatNumber(count, 'en')} courses`);
const enNumber = (count: number) => formatNumber(count, 'en');

const enColumns: Record<HealthColumn, string> = {
  name: 'Course',
  learners: 'Learners',
  completedPercent: 'Completed %',
  passedPercent: 'Passed %',
  averageProgress: 'Average progress',
  overdue: 'Overdue',
  notStarted: 'Not started',
  inactive: 'Inactive 14+ days',
  lastActivity: 'Last activity',
  newLearners: 'New learners',
  newlyPassed: 'Newly passed',
};

/** One step of "needs attention first", in words: the rule is NEEDS_ATTENTION, told step by step. */
const enStep = ({ column, desc }: HealthSort): string => {
  if (column === 'name') return 'by name';
  const label = enColumns[column].toLowerCase();
  return desc ? `most ${label}` : `lowest ${label}`;
};

const en = {
  searchLabel: 'Find a course or a learner',
  searchPlaceholder: 'Course name or ID, learner name or email',
  shortcuts: 'Open by ID, recent, saved views',
  tableLabel: 'Courses',
  columns: enColumns,
  nothingKept: 'nothing kept from an earlier visit',
  orderLabel: 'Order',
  needsAttention: 'Needs attention first',
  aboutOrder: 'About this order',
  attentionRule: (steps: readonly HealthSort[]) =>
    `Needs attention first: ${steps.map(enStep).join(', then ')}. Courses not read yet come last.`,
  columnOrder: (column: HealthColumn, desc: boolean) =>
    column === 'name'
      ? `Course, ${desc ? 'Z to A' : 'A to Z'}`
      : `${enColumns[column]}, ${desc ? 'most' : 'least'} first`,
  courseId: (id: number) => `ID ${id}`,
  unnamed: (id: number) => `Course ${id}`,
  notRead: 'not read yet',
  couldNotRead: 'could not be read',
  reading: 'being read',
  noActivity: 'None',
  failed: (reason: FailureReason): string => {
    switch (reason) {
      case 'forbidden':
        return 'Not read: this sign-in may not see its statistics.';
      case 'not_found':
        return 'Not read: the LMS does not know this course.';
      case 'refused':
        return 'Not read: the LMS refused the request.';
      case 'unreadable':
        return 'Not read: the LMS answered in a form this app cannot read.';
      case 'rate_limited':
        return 'Not read: the LMS asked to slow down.';
      case 'server':
        return 'Not read: the LMS had a problem answering.';
      case 'connection_lost':
        return 'Not read: the connection was lost.';
      case 'timeout':
        return 'Not read: the LMS took too long to answer.';
    }
  },
  retry: 'Retry',
  retryCourse: (name: string) => `Retry ${name}`,
  loading: 'Reading the course list…',
  listReading: (read: number, total: number | null) =>
    total === null ? `${enCourses(read)} read…` : `${enNumber(read)} of ${enCourses(total)} read…`,
  healthReading: (read: number, total: number, minutes: number | null) =>
    `Health of ${enNumber(read)} of ${enCourses(total)} read${minutes === null ? '' : `, about ${enNumber(minutes)} min left`}.`,
  healthPaused: (read: number, total: number) => `Health of ${enNumber(read)} of ${enCourses(total)} read; paused.`,
  failedCount: (count: number) => `${enCourses(count)} could not be read.`,
  pause: 'Pause',
  resume: 'Resume',
  matches: (count: number, query: string) =>
    count === 0
      ? `No course matches “${query}”.`
      : `${count === 1 ? '1 course matches' : `${enNumber(count)} courses match`} “${query}”.`,
  openCourse: (id: number) => `Open course ${id}`,
  notListed: 'not in the list',
  learnersTitle: 'Learners',
  learnerCourses: (count: number) => enCourses(count),
  learnerById: (id: number) => `Learner with user ID ${id}`,
  learnersScope: (read: number, total: number) => `in ${enNumber(read)} of ${enCourses(total)} read`,
  noLearner: 'No learner found',
  noLearnerYet: (left: number) => `No learner found so far: ${enCourses(left)} still to be read.`,
  moreLearners: (shown: number, total: number) =>
    `${enNumber(shown)} of ${enNumber(total)} shown. Type more of the name, or the email.`,
  unavailableWhy: (reason: ListUnavailable): string => {
    switch (reason) {
      case 'not_listed':
        return 'This LMS does not list courses for this sign-in: open a course by its ID.';
      case 'forbidden':
        return 'This sign-in may not see the list of courses: open a course by its ID.';
      case 'unreadable':
        return 'The LMS answered the course list in a form this app cannot read: open a course by its ID.';
      case 'offline':
        return 'The course list could not be read (no connection): open a course by its ID, or retry.';
      case 'failed':
        return 'The course list could not be read just now: open a course by its ID, or retry.';
    }
  },
  moreFailed: 'The rest of the course list could not be read; the courses shown are those read.',
  cutShort: (end: Extract<ListEnd, 'repeated_page' | 'page_cap'>): string =>
    end === 'repeated_page'
      ? 'The LMS sent a page of the list it had sent before, so the list was read no further: more courses may exist.'
      : 'The list was read up to its limit of 1,000 pages: more courses may exist.',
  cardsShown: (shown: number, total: number) => `Showing ${enNumber(shown)} of ${enCourses(total)}.`,
  showMore: (count: number) => `Show ${enNumber(count)} more`,
  keep: 'Keep on this device',
  keepHint: 'Figures and learners stay in this browser, so the next visit opens with them.',
  storedLink: 'Stored on this device',
  asOf: (ago: string) => `Figures kept on this device, as of ${ago}; reading what changed since.`,
  exportCsv: 'Export CSV',
  exportScope: (count: number) => `The ${enCourses(count)} listed here, in this order.`,
  exported: (count: number, withFigures: number, fileName: string) =>
    `Exported ${enCourses(count)} to ${fileName}` +
    (withFigures === count ? '.' : `; ${enNumber(withFigures)} with figures so far, the rest left empty.`),
  exportFailed: 'The export could not be made. Try again.',
  csvCourseId: 'Course ID',
  csvState: 'Figures',
  csvRead: 'read',
};

const ruCourses = (count: number) =>
  plural('ru', count, { one: '# курс', few: '# курса', many: '# курсов', other: '# курса' });
/** "из 1 009 курсов": after "из" the genitive, one form for a single course and another for the rest. */
const ruOfCourses = (count: number) =>
  plural('ru', count, { one: '# курса', few: '# курсов', many: '# курсов', other: '# курса' });
const ruNumber = (count: number) => formatNumber(count, 'ru');

const RU_STEPS: Record<HealthColumn, readonly [asc: string, desc: string]> = {
  name: ['по названию', 'по названию с конца'],
  learners: ['меньше всего слушателей', 'больше всего слушателей'],
  completedPercent: ['меньший % завершивших', 'больший % завершивших'],
  passedPercent: ['меньший % сдавших', 'больший % сдавших'],
  averageProgress: ['меньший средний прогресс', 'больший средний прогресс'],
  overdue: ['меньше всего просроченных', 'больше всего просроченных'],
  notStarted: ['меньше всего не начавших', 'больше всего не начавших'],
  inactive: ['меньше всего неактивных 14+ дней', 'больше всего неактивных 14+ дней'],
  lastActivity: ['давняя активность', 'недавняя активность'],
  newLearners: ['меньше всего новых слушателей', 'больше всего новых слушателей'],
  newlyPassed: ['меньше всего новых сдавших', 'больше всего новых сдавших'],
};

const ru: OverviewTexts = {
  searchLabel: 'Найти курс или слушателя',
  searchPlaceholder: 'Название или ID курса, имя или почта слушателя',
  shortcuts: 'По ID, недавние, сохранённые виды',
  tableLabel: 'Курсы',
  columns: {
    name: 'Курс',
    learners: 'Слушатели',
    completedPercent: 'Завершили, %',
    passedPercent: 'Сдали, %',
    averageProgress: 'Средний прогресс',
    overdue: 'Просрочено',
    notStarted: 'Не начали',
    inactive: 'Неактивны 14+ дней',
    lastActivity: 'Последняя активность',
    newLearners: 'Новые слушатели',
    newlyPassed: 'Новые сдавшие',
  },
  nothingKept: 'с прошлого визита ничего не сохранено',
  orderLabel: 'Порядок',
  needsAttention: 'Сначала требующие внимания',
  aboutOrder: 'Об этом порядке',
  attentionRule: (steps: readonly HealthSort[]) =>
    `Сначала требующие внимания: ${steps.map(({ column, desc }) => RU_STEPS[column][desc ? 1 : 0]).join(', затем ')}. Ещё не прочитанные курсы — в конце.`,
  columnOrder: (column: HealthColumn, desc: boolean) =>
    column === 'name'
      ? `Курс, ${desc ? 'от Я до А' : 'от А до Я'}`
      : `${ru.columns[column]}, сначала ${desc ? 'больше' : 'меньше'}`,
  courseId: (id: number) => `ID ${id}`,
  unnamed: (id: number) => `Курс ${id}`,
  notRead: 'ещё не прочитан',
  couldNotRead: 'не удалось прочитать',
  reading: 'читается',
  noActivity: 'Нет',
  failed: (reason: FailureReason): string => {
    switch (reason) {
      case 'forbidden':
        return 'Не прочитан: этому входу не разрешено видеть его статистику.';
      case 'not_found':
        return 'Не прочитан: LMS не знает этот курс.';
      case 'refused':
        return 'Не прочитан: LMS отклонила запрос.';
      case 'unreadable':
        return 'Не прочитан: LMS ответила в виде, который приложение не может прочитать.';
      case 'rate_limited':
        return 'Не прочитан: LMS просит снизить темп.';
      case 'server':
        return 'Не прочитан: у LMS возникла проблема с ответом.';
      case 'connection_lost':
        return 'Не прочитан: соединение прервалось.';
      case 'timeout':
        return 'Не прочитан: LMS слишком долго не отвечала.';
    }
  },
  retry: 'Повторить',
  retryCourse: (name: string) => `Повторить: ${name}`,
  loading: 'Читаем список курсов…',
  listReading: (read: number, total: number | null) =>
    total === null ? `Прочитано курсов: ${ruNumber(read)}…` : `Прочитано ${ruNumber(read)} из ${ruOfCourses(total)}…`,
  healthReading: (read: number, total: number, minutes: number | null) =>
    `Состояние ${ruNumber(read)} из ${ruOfCourses(total)} прочитано${minutes === null ? '' : `, осталось около ${ruNumber(minutes)} мин`}.`,
  healthPaused: (read: number, total: number) =>
    `Состояние ${ruNumber(read)} из ${ruOfCourses(total)} прочитано; пауза.`,
  failedCount: (count: number) => `Не удалось прочитать: ${ruCourses(count)}.`,
  pause: 'Пауза',
  resume: 'Продолжить',
  matches: (count: number, query: string) =>
    count === 0 ? `Ни один курс не подходит под «${query}».` : `Под «${query}» подходит ${ruCourses(count)}.`,
  openCourse: (id: number) => `Открыть курс ${id}`,
  notListed: 'нет в списке',
  learnersTitle: 'Слушатели',
  learnerCourses: ruCourses,
  learnerById: (id: number) => `Слушатель с ID пользователя ${id}`,
  learnersScope: (read: number, total: number) => `в ${ruNumber(read)} из ${ruOfCourses(total)} прочитанных`,
  noLearner: 'Слушатели не найдены',
  noLearnerYet: (left: number) => `Пока слушатели не найдены. Осталось прочитать курсов: ${ruNumber(left)}.`,
  moreLearners: (shown: number, total: number) =>
    `Показаны ${ruNumber(shown)} из ${ruNumber(total)}. Уточните имя или введите адрес почты.`,
  unavailableWhy: (reason: ListUnavailable): string => {
    switch (reason) {
      case 'not_listed':
        return 'Эта LMS не даёт списка курсов для этого входа: откройте курс по его ID.';
      case 'forbidden':
        return 'Этому входу не разрешено видеть список курсов: откройте курс по его ID.';
      case 'unreadable':
        return 'LMS прислала список курсов в виде, который приложение не может прочитать: откройте курс по его ID.';
      case 'offline':
        return 'Не удалось прочитать список курсов (нет связи): откройте курс по его ID или повторите.';
      case 'failed':
        return 'Сейчас не удалось прочитать список курсов: откройте курс по его ID или повторите.';
    }
  },
  moreFailed: 'Остальную часть списка курсов прочитать не удалось; показаны прочитанные курсы.',
  cutShort: (end: Extract<ListEnd, 'repeated_page' | 'page_cap'>) =>
    end === 'repeated_page'
      ? 'LMS прислала уже присланную страницу списка, и дальше он не читался: могут быть и другие курсы.'
      : 'Список прочитан до предела в 1000 страниц: могут быть и другие курсы.',
  cardsShown: (shown: number, total: number) => `Показано ${ruNumber(shown)} из ${ruOfCourses(total)}.`,
  showMore: (count: number) => `Показать ещё ${ruNumber(count)}`,
  keep: 'Хранить на этом устройстве',
  keepHint: 'Показатели и слушатели остаются в этом браузере, и следующий визит начнётся с них.',
  storedLink: 'Хранится на этом устройстве',
  asOf: (ago: string) => `Показатели с этого устройства по состоянию на ${ago}; перечитывается изменившееся.`,
  exportCsv: 'Экспорт в CSV',
  exportScope: (count: number) => `${ruCourses(count)} из этого списка, в этом порядке.`,
  exported: (count: number, withFigures: number, fileName: string) =>
    `Выгружено в ${fileName}: ${ruCourses(count)}` +
    (withFigures === count ? '.' : `; показатели пока есть у ${ruOfCourses(withFigures)}, у остальных ячейки пусты.`),
  exportFailed: 'Не удалось выгрузить. Попробуйте ещё раз.',
  csvCourseId: 'ID курса',
  csvState: 'Показатели',
  csvRead: 'прочитаны',
};

export type OverviewTexts = typeof en;

export const overviewCatalogs: Record<Locale, OverviewTexts> = { en, ru };
