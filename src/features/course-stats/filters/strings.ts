import { formatNumber } from '@/lib/format';
import { plural, type Locale } from '@/lib/i18n';
import type { SearchCorrection } from '../params/course-stats-search';

const clip = (raw: string) => (raw.length > 40 ? `${raw.slice(0, 40)}…` : raw);

/** Each parameter's sentence for a link's value that was corrected: its text (clipped), and what replaced it if any. */
type CorrectionSentences = Record<SearchCorrection['param'], (raw: string, value?: string | number) => string>;

function sayCorrection(sentences: CorrectionSentences, correction: SearchCorrection): string {
  const value = correction.kind === 'replaced' ? correction.value : undefined;
  return sentences[correction.param](clip(correction.raw), value);
}

const enCorrections: CorrectionSentences = {
  user_id: (raw) => `The link's User ID “${raw}” is not a valid ID, so that filter was removed.`,
  course_session_id: (raw) => `The link's Session ID “${raw}” is not a valid ID, so that filter was removed.`,
  page: (raw, value) => `The link's page “${raw}” is not a page number; showing page ${value}.`,
  per_page: (raw, value) => `The link asked for “${raw}” rows per page; showing ${value}, the nearest choice.`,
  sort: (raw, value) =>
    value === undefined
      ? `The link's sorting “${raw}” is not available, so the rows are in the API's order.`
      : `The link's sorting “${raw}” is not available, so it was left out; the other keys still sort.`,
  all: (raw) => `The link's “all=${raw}” is not understood, so the course is shown page by page.`,
  quick: (raw) => `The link's quick filter “${raw}” is not available, so it was removed.`,
  view: (raw) => `The link asks for a view “${raw}” that needs a valid User ID, so the course is shown instead.`,
  hide: (raw) => `The link hides columns “${raw}” that do not exist, so they were left out.`,
};
/** Choosing what to show: the course and filter form, its validation, and the corrections made to a link. */
const en = {
  filtersLegend: 'Show statistics',
  optional: 'Optional',
  show: 'Show',
  filtersSummary: (parts: readonly string[]) => parts.join(' · '),
  filtersToggle: 'Filters',
  correction: (correction: SearchCorrection) => sayCorrection(enCorrections, correction),
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

const ruCorrections: CorrectionSentences = {
  user_id: (raw) => `ID пользователя «${raw}» в ссылке недопустим, поэтому этот фильтр убран.`,
  course_session_id: (raw) => `ID сессии «${raw}» в ссылке недопустим, поэтому этот фильтр убран.`,
  page: (raw, value) => `Страница «${raw}» в ссылке — не номер страницы; показана страница ${value}.`,
  per_page: (raw, value) => `Ссылка просит «${raw}» строк на странице; показано ${value} — ближайший вариант.`,
  sort: (raw, value) =>
    value === undefined
      ? `Сортировка «${raw}» из ссылки недоступна, поэтому строки идут в порядке API.`
      : `Сортировка «${raw}» из ссылки недоступна, поэтому пропущена; остальные ключи сортировки действуют.`,
  all: (raw) => `Параметр «all=${raw}» в ссылке не распознан, поэтому курс показан по страницам.`,
  quick: (raw) => `Быстрый фильтр «${raw}» из ссылки недоступен, поэтому он убран.`,
  view: (raw) => `Ссылка просит вид «${raw}», которому нужен верный ID пользователя, поэтому показан курс.`,
  hide: (raw) => `Ссылка скрывает столбцы «${raw}», которых нет, поэтому они пропущены.`,
};
const ru: FilterTexts = {
  filtersLegend: 'Показать статистику',
  optional: 'Необязательно',
  show: 'Показать',
  filtersSummary: (parts: readonly string[]) => parts.join(' · '),
  filtersToggle: 'Фильтры',
  correction: (correction: SearchCorrection) => sayCorrection(ruCorrections, correction),
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
