import { formatNumber } from '@/lib/format';
import { plural, type Locale } from '@/lib/i18n';
import type { SearchCorrection } from '../params/course-stats-search';

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
      return correction.kind === 'removed'
        ? `The link's sorting “${clip(correction.raw)}” is not available, so the rows are in the API's order.`
        : `The link's sorting “${clip(correction.raw)}” is not available, so it was left out; the other keys still sort.`;
    case 'all':
      return `The link's “all=${clip(correction.raw)}” is not understood, so the course is shown page by page.`;
    case 'quick':
      return `The link's quick filter “${clip(correction.raw)}” is not available, so it was removed.`;
    case 'view':
      return `The link asks for a view “${clip(correction.raw)}” that needs a valid User ID, so the course is shown instead.`;
    case 'hide':
      return `The link hides columns “${clip(correction.raw)}” that do not exist, so they were left out.`;
  }
}
/** Choosing what to show: the course and filter form, its validation, and the corrections made to a link. */
const en = {
  filtersLegend: 'Show statistics',
  optional: 'Optional',
  show: 'Show',
  filtersSummary: (parts: readonly string[]) => parts.join(' · '),
  filtersToggle: 'Filters',
  correction: correctionMessage,
  correctionsTitle: 'Some values in the link were corrected.',
  activeFilters: 'Filtered by',
  filterUser: (id: number) => `User ID ${id}`,
  filterSession: (id: number) => `Session ID ${id}`,
  clearFilters: 'Clear filters',
  invalidCourse: (raw: string, problem: string) => `“${clip(raw)}” is not a course ID. ${problem}`,
  invalidCourseTitle: 'This address does not name a course.',
  session: 'Session',
  sessionList: 'Sessions',
  anySession: 'All sessions',
  unnamedSession: (id: number) => `Session ${id}`,
  activeSessions: 'Active',
  archivedSessions: 'Archived',
  sessionDates: (from: string, to: string) => `${from} – ${to}`,
  sessionFrom: (from: string) => `from ${from}`,
  sessionUntil: (to: string) => `until ${to}`,
  sessionHint: 'Type a name or an ID.',
  sessionIdHint: 'This LMS lists no sessions: type an ID.',
  sessionsReading: 'Reading the sessions…',
  sessionNoMatch: 'No session matches.',
  sessionNotListed: (id: number) => `No session in the list has ID ${id}; Show applies it all the same.`,
  sessionMatches: (count: number) => (count === 1 ? '1 session' : `${formatNumber(count, 'en')} sessions`),
  unknownSession: (typed: string) => `No session is called “${clip(typed)}”. Choose one from the list, or type its ID.`,
};

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
      return correction.kind === 'removed'
        ? `Сортировка «${clip(correction.raw)}» из ссылки недоступна, поэтому строки идут в порядке API.`
        : `Сортировка «${clip(correction.raw)}» из ссылки недоступна, поэтому пропущена; остальные ключи сортировки действуют.`;
    case 'all':
      return `Параметр «all=${clip(correction.raw)}» в ссылке не распознан, поэтому курс показан по страницам.`;
    case 'quick':
      return `Быстрый фильтр «${clip(correction.raw)}» из ссылки недоступен, поэтому он убран.`;
    case 'view':
      return `Ссылка просит вид «${clip(correction.raw)}», которому нужен верный ID пользователя, поэтому показан курс.`;
    case 'hide':
      return `Ссылка скрывает столбцы «${clip(correction.raw)}», которых нет, поэтому они пропущены.`;
  }
}
const ru: FilterTexts = {
  filtersLegend: 'Показать статистику',
  optional: 'Необязательно',
  show: 'Показать',
  filtersSummary: (parts: readonly string[]) => parts.join(' · '),
  filtersToggle: 'Фильтры',
  correction: ruCorrectionMessage,
  correctionsTitle: 'Некоторые значения в ссылке исправлены.',
  activeFilters: 'Отфильтровано по',
  filterUser: (id: number) => `ID пользователя ${id}`,
  filterSession: (id: number) => `ID сессии ${id}`,
  clearFilters: 'Сбросить фильтры',
  invalidCourse: (raw: string, problem: string) => `«${clip(raw)}» — не ID курса. ${problem}`,
  invalidCourseTitle: 'Этот адрес не указывает на курс.',
  session: 'Сессия',
  sessionList: 'Сессии',
  anySession: 'Все сессии',
  unnamedSession: (id: number) => `Сессия ${id}`,
  activeSessions: 'Активные',
  archivedSessions: 'В архиве',
  sessionDates: (from: string, to: string) => `${from} – ${to}`,
  sessionFrom: (from: string) => `с ${from}`,
  sessionUntil: (to: string) => `до ${to}`,
  sessionHint: 'Введите название или ID.',
  sessionIdHint: 'Эта LMS не даёт списка сессий: введите ID.',
  sessionsReading: 'Читаем список сессий…',
  sessionNoMatch: 'Ни одна сессия не подходит.',
  sessionNotListed: (id: number) => `В списке нет сессии с ID ${id}; «Показать» всё равно применит его.`,
  sessionMatches: (count: number) =>
    plural('ru', count, { one: '# сессия', few: '# сессии', many: '# сессий', other: '# сессии' }),
  unknownSession: (typed: string) => `Нет сессии «${clip(typed)}». Выберите её из списка или введите ID.`,
};

export type FilterTexts = typeof en;

export const filterCatalogs: Record<Locale, FilterTexts> = { en, ru };
