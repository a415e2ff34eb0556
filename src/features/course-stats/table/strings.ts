import type { Locale } from '@/lib/i18n';
import { enWords, ruWords, type RowsScope } from '../fields/words';

const { rows } = enWords;

/** A sort key as the sort note names it: the column's header and the direction. */
export interface SortKeyWords {
  column: string;
  desc: boolean;
}

function sortScope(keys: readonly SortKeyWords[], scope: RowsScope): string {
  const named = keys.map((key) => `${key.column}, ${key.desc ? 'descending' : 'ascending'}`);
  const sorted = `Sorted by ${named.join(', then ')},`;
  // With one key, say how to add the next: Shift is not something a header button shows.
  const hint = keys.length === 1 ? ' Shift+click or Shift+Enter on another header adds it as the next key.' : '';
  if (scope.kind === 'page') {
    return scope.wholeResults
      ? `${sorted} across all ${rows(scope.pageRows)}.${hint}`
      : `${sorted} within this page only: the API cannot sort, so other pages are not included.${hint}`;
  }
  return scope.complete
    ? `${sorted} across all ${rows(scope.loaded)}.${hint}`
    : `${sorted} over the ${rows(scope.loaded)} loaded so far; more may exist.${hint}`;
}
/** The table: its label, paging, the columns menu, the sort note, the details dialog and a phone's cards. */
const en = {
  tableLabel: (courseId: number) => `Statistics of course ${courseId}`,
  columnsMenu: 'Columns',
  resetColumns: 'Reset columns',
  pagination: 'Pages',
  pages: {
    previous: 'Previous page',
    next: 'Next page',
    page: (page: number) => `Page ${page}`,
    loadingPage: (page: number) => `Loading page ${page}…`,
    rowsPerPage: 'Rows per page',
  },
  detailsTitle: (username: string) => `Details: ${username}`,
  detailsPosition: (index: number, total: number) => `Row ${index + 1} of ${total}`,
  detailsField: 'Field',
  detailsValue: 'Shown as',
  detailsRaw: 'Value from the API',
  detailsDerived: 'Derived',
  detailsPrevious: 'Previous',
  detailsNext: 'Next',
  detailsClose: 'Close',
  allSessions: 'All sessions of this learner',
  loadingTable: 'Preparing the table…',
  sortScope,
  sortKeyDescription: (rank: number, count: number, desc: boolean) =>
    `Sort key ${rank} of ${count}, ${desc ? 'descending' : 'ascending'}`,
  // The learner cards a phone shows instead of the table's rows.
  showMore: (more: number) => `Show ${enWords.number(more)} more`,
  cardsShown: (shown: number, total: number) => `${enWords.number(shown)} of ${enWords.rows(total)} shown.`,
  sortBy: 'Sort by',
  loadedOrder: 'Order loaded',
  /** Read before the direction by screen readers, so the button says what it is about. */
  directionPrefix: 'Sort direction: ',
  direction: (desc: boolean): string => (desc ? 'Descending' : 'Ascending'),
};

const { rows: ruRows } = ruWords;

function ruSortScope(keys: readonly SortKeyWords[], scope: RowsScope): string {
  const named = keys.map((key) => `${key.column}, ${key.desc ? 'по убыванию' : 'по возрастанию'}`);
  const sorted = `Сортировка: ${named.join(', затем ')},`;
  const hint =
    keys.length === 1 ? ' Shift+щелчок или Shift+Enter по другому заголовку добавляет его следующим ключом.' : '';
  if (scope.kind === 'page') {
    return scope.wholeResults
      ? `${sorted} по всем строкам (${ruRows(scope.pageRows)}).${hint}`
      : `${sorted} только в пределах этой страницы: API не умеет сортировать, другие страницы не учтены.${hint}`;
  }
  return scope.complete
    ? `${sorted} по всем строкам (${ruRows(scope.loaded)}).${hint}`
    : `${sorted} по загруженным строкам (${ruRows(scope.loaded)}); могут быть и другие.${hint}`;
}
const ru: TableTexts = {
  tableLabel: (courseId: number) => `Статистика курса ${courseId}`,
  columnsMenu: 'Столбцы',
  resetColumns: 'Сбросить столбцы',
  pagination: 'Страницы',
  pages: {
    previous: 'Предыдущая страница',
    next: 'Следующая страница',
    page: (page: number) => `Страница ${page}`,
    loadingPage: (page: number) => `Загрузка страницы ${page}…`,
    rowsPerPage: 'Строк на странице',
  },
  detailsTitle: (username: string) => `Подробности: ${username}`,
  detailsPosition: (index: number, total: number) => `Строка ${index + 1} из ${total}`,
  detailsField: 'Поле',
  detailsValue: 'Показано как',
  detailsRaw: 'Значение из API',
  detailsDerived: 'Вычислено',
  detailsPrevious: 'Предыдущая',
  detailsNext: 'Следующая',
  detailsClose: 'Закрыть',
  allSessions: 'Все сессии этого слушателя',
  loadingTable: 'Подготовка таблицы…',
  sortScope: ruSortScope,
  sortKeyDescription: (rank: number, count: number, desc: boolean) =>
    `Ключ сортировки ${rank} из ${count}, ${desc ? 'по убыванию' : 'по возрастанию'}`,
  showMore: (more: number) => `Показать ещё ${ruWords.number(more)}`,
  cardsShown: (shown: number, total: number) => `Показано ${ruWords.number(shown)} из ${ruWords.rowsOf(total)}.`,
  sortBy: 'Сортировать по',
  loadedOrder: 'Порядок загрузки',
  directionPrefix: 'Направление сортировки: ',
  direction: (desc: boolean) => (desc ? 'По убыванию' : 'По возрастанию'),
};

export type TableTexts = typeof en;

export const tableCatalogs: Record<Locale, TableTexts> = { en, ru };
