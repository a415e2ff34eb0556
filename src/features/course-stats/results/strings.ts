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
  showingRows: (count: number, page: number) => `Showing ${plural(count, 'row', 'rows')} on page ${page}.`,
  showingOnPage: (shown: number, total: number, page: number) =>
    `Showing ${number(shown)} of the ${rows(total)} on page ${page}.`,
  retrying: (attempt: number, of: number) => `The API did not answer; retrying (attempt ${attempt} of ${of})…`,
  viewsLabel: 'Show the rows as',
  views: { table: 'Table', overview: 'Overview' },
};

export type ResultsTexts = typeof en;

const { number: ruNumber, rows: ruRows, rowsOf: ruRowsOf } = ruWords;
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
  showingRows: (count: number, page: number) => `Показано ${ruRows(count)} на странице ${page}.`,
  showingOnPage: (shown: number, total: number, page: number) =>
    `Показано ${ruNumber(shown)} из ${ruRowsOf(total)} на странице ${page}.`,
  retrying: (attempt: number, of: number) => `API не ответил; повторяем запрос (попытка ${attempt} из ${of})…`,
  viewsLabel: 'Показать строки как',
  views: { table: 'Таблица', overview: 'Обзор' },
};

export const resultsCatalogs: Record<Locale, ResultsTexts> = { en, ru };
