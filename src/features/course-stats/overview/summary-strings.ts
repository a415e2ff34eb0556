import type { Locale } from '@/lib/i18n';
import { enWords, ruWords, type RowsScope } from '../fields/words';

const { rows } = enWords;

const shownOf = (scope: RowsScope) =>
  scope.kind === 'whole' && scope.change
    ? `the ${rows(scope.shown)} shown (${scope.change})`
    : `the ${rows(scope.shown)} matching the search and quick filters`;

function summaryScope(scope: RowsScope): string {
  if (scope.kind === 'page') {
    const where = scope.wholeResults ? `all ${rows(scope.pageRows)} of the results` : null;
    if (!scope.narrowed) {
      return where
        ? `Based on ${where}.`
        : `Based on the ${rows(scope.pageRows)} on page ${scope.page} only, not the whole course.`;
    }
    return where
      ? `Based on ${shownOf(scope)}, out of ${where}.`
      : `Based on ${shownOf(scope)} among the ${rows(scope.pageRows)} on page ${scope.page} only, not the whole course.`;
  }
  if (scope.complete) {
    return scope.narrowed
      ? `Based on ${shownOf(scope)}, out of all ${rows(scope.loaded)} of the results.`
      : `Based on all ${rows(scope.loaded)} of the results.`;
  }
  return scope.narrowed
    ? `Based on ${shownOf(scope)} among ${rows(scope.loaded)} loaded so far; more may exist.`
    : `Based on ${rows(scope.loaded)}, more may exist.`;
}
/** The summary cards over the rows shown, and what they are based on. */
const en = {
  summaryTitle: 'Summary',
  summaryLearners: 'Learners',
  summaryCompleted: 'Completed',
  summaryPassed: 'Passed',
  summaryAverageProgress: 'Average progress',
  summaryAverageScore: 'Average score',
  summaryOverdue: 'Overdue',
  summaryScope,
};

export type SummaryTexts = typeof en;

const { plural: ruPlural, rows: ruRows, rowsOf: ruRowsOf } = ruWords;

const ruShownOf = (scope: RowsScope) =>
  scope.kind === 'whole' && scope.change
    ? `${ruPlural(scope.shown, 'строке', 'строкам', 'строкам')} («${scope.change}»)`
    : `${ruPlural(scope.shown, 'строке', 'строкам', 'строкам')}, подходящим под поиск и быстрые фильтры`;

function ruSummaryScope(scope: RowsScope): string {
  if (scope.kind === 'page') {
    const where = scope.wholeResults ? `всех ${ruRowsOf(scope.pageRows)} результатов` : null;
    if (!scope.narrowed) {
      return where
        ? `По всем результатам: ${ruRows(scope.pageRows)}.`
        : `Только по странице ${scope.page} (${ruRows(scope.pageRows)}), не по всему курсу.`;
    }
    return where
      ? `По ${ruShownOf(scope)}, из ${where}.`
      : `По ${ruShownOf(scope)}, среди строк страницы ${scope.page} (${ruRows(scope.pageRows)}), не по всему курсу.`;
  }
  if (scope.complete) {
    return scope.narrowed
      ? `По ${ruShownOf(scope)}, из всех ${ruRowsOf(scope.loaded)} результатов.`
      : `По всем результатам: ${ruRows(scope.loaded)}.`;
  }
  return scope.narrowed
    ? `По ${ruShownOf(scope)}, среди загруженных (${ruRows(scope.loaded)}); могут быть и другие.`
    : `По загруженным строкам (${ruRows(scope.loaded)}); могут быть и другие.`;
}
const ru: SummaryTexts = {
  summaryTitle: 'Сводка',
  summaryLearners: 'Слушатели',
  summaryCompleted: 'Завершили',
  summaryPassed: 'Сдали',
  summaryAverageProgress: 'Средний прогресс',
  summaryAverageScore: 'Средний балл',
  summaryOverdue: 'Просрочено',
  summaryScope: ruSummaryScope,
};

export const summaryCatalogs: Record<Locale, SummaryTexts> = { en, ru };
