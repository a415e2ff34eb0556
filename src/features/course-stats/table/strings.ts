import type { Locale } from '@/lib/i18n';
import { enWords, ruWords } from '../fields/words';
import type { RowsScope } from '../triage/rows-scope';

const { rows } = enWords;

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
/** The table: its label, paging, the columns menu, the sort note and the details dialog. */
const en = {
  tableLabel: (courseId: number) => `Statistics of course ${courseId}`,
  columnsMenu: 'Columns',
  pagination: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page: number) => `Page ${page}`,
  loadingPage: (page: number) => `Loading page ${page}…`,
  rowsPerPage: 'Rows per page',
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
};

export type TableTexts = typeof en;

const { rows: ruRows } = ruWords;

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
const ru: TableTexts = {
  tableLabel: (courseId: number) => `Статистика курса ${courseId}`,
  columnsMenu: 'Столбцы',
  pagination: 'Страницы',
  previousPage: 'Предыдущая страница',
  nextPage: 'Следующая страница',
  page: (page: number) => `Страница ${page}`,
  loadingPage: (page: number) => `Загрузка страницы ${page}…`,
  rowsPerPage: 'Строк на странице',
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
};

export const tableCatalogs: Record<Locale, TableTexts> = { en, ru };
