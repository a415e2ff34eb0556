import type { Locale } from '@/lib/i18n';
import { enWords, ruWords } from '../fields/words';

const { number, plural, rows } = enWords;
/** The results of a course and filters: loading, errors, empty results and the count of rows shown. */
const en = {
  courseName: (name: string) => `Course name: ${name}`,
  notFound: (courseId: number) => `Course ${courseId} not found`,
  rateLimitedWaiting: 'The API is rate limiting requests. Waiting before trying again…',
  loading: 'Loading statistics…',
  emptyCourse: 'No statistics for this course',
  emptyFilters: 'No statistics for these filters',
  emptyPage: (page: number) => `No rows on page ${page}`,
  emptyPageHint: 'The results end on an earlier page.',
  firstPage: 'Go to page 1',
  allRejected: (count: number) => `None of the ${plural(count, 'row', 'rows')} the API sent could be shown.`,
  duplicates: (count: number) =>
    `${plural(count, 'row was', 'rows were')} sent twice (the list changed while it was read); each is shown once.`,
  showingRows: (count: number, page: number) => `Showing ${plural(count, 'row', 'rows')} on page ${page}.`,
  showingOnPage: (shown: number, total: number, page: number) =>
    `Showing ${number(shown)} of the ${rows(total)} on page ${page}.`,
  retrying: (attempt: number, of: number) => `The API did not answer; retrying (attempt ${attempt} of ${of})…`,
  viewsLabel: 'Show the rows as',
  views: { table: 'Table', overview: 'Overview' },
  // A search with no match over part of the course, and the next step for a course with no rows.
  noMatchOnPage: (pageRows: number, page: number) => `No match among the ${rows(pageRows)} on page ${page}.`,
  noMatchSoFar: (loaded: number) => `No match among the ${rows(loaded)} loaded so far.`,
  noMatchPartialHint:
    'The search and quick filters look only through the rows loaded; the rest of the course is not loaded.',
  searchWholeCourse: 'Search the whole course',
  emptyCourseHint:
    'The course may have no learners yet, or this may not be the course you meant. Check the Course ID, or open one of your recent courses.',
  recentCourses: 'Recent courses',
};

const { number: ruNumber, plural: ruPlural, rows: ruRows, rowsOf: ruRowsOf } = ruWords;
const ru: ResultsTexts = {
  courseName: (name: string) => `Название курса: ${name}`,
  notFound: (courseId: number) => `Курс ${courseId} не найден`,
  rateLimitedWaiting: 'API ограничивает частоту запросов. Ждём перед новой попыткой…',
  loading: 'Загрузка статистики…',
  emptyCourse: 'По этому курсу нет статистики',
  emptyFilters: 'По этим фильтрам нет статистики',
  emptyPage: (page: number) => `На странице ${page} нет строк`,
  emptyPageHint: 'Результаты заканчиваются на более ранней странице.',
  firstPage: 'Перейти на страницу 1',
  allRejected: (count: number) => `Ни одну из присланных API строк (${ruRows(count)}) нельзя показать.`,
  duplicates: (count: number) =>
    `${ruPlural(count, 'строка пришла', 'строки пришли', 'строк пришли')} дважды (список менялся во время чтения); каждая показана один раз.`,
  showingRows: (count: number, page: number) => `Показано ${ruRows(count)} на странице ${page}.`,
  showingOnPage: (shown: number, total: number, page: number) =>
    `Показано ${ruNumber(shown)} из ${ruRowsOf(total)} на странице ${page}.`,
  retrying: (attempt: number, of: number) => `API не ответил; повторяем запрос (попытка ${attempt} из ${of})…`,
  viewsLabel: 'Показать строки как',
  views: { table: 'Таблица', overview: 'Обзор' },
  noMatchOnPage: (pageRows: number, page: number) => `Среди ${ruRowsOf(pageRows)} на странице ${page} совпадений нет.`,
  noMatchSoFar: (loaded: number) => `Среди ${ruRowsOf(loaded)}, загруженных пока, совпадений нет.`,
  noMatchPartialHint: 'Поиск и быстрые фильтры смотрят только загруженные строки; остальная часть курса не загружена.',
  searchWholeCourse: 'Искать по всему курсу',
  emptyCourseHint:
    'Возможно, в курсе ещё нет слушателей или это не тот курс. Проверьте ID курса или откройте один из недавних курсов.',
  recentCourses: 'Недавние курсы',
};

export type ResultsTexts = typeof en;

export const resultsCatalogs: Record<Locale, ResultsTexts> = { en, ru };
