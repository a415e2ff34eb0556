import type { Locale } from '@/lib/i18n';
import { enWords, ruWords, type RowsScope } from '../fields/words';
import type { QuickFilterId } from '../params/course-stats-search';

const { number, plural, rows } = enWords;

const enQuickFilterLabels: Record<QuickFilterId, string> = {
  overdue: 'Overdue',
  not_started: 'Not started',
  inactive: 'Inactive 14+ days',
  not_passed: 'Not passed',
  passed_no_cert: 'Passed without certificate',
};

/** What the search and the quick filter counts cover: each count is of the rows shown now. */
function triageScope(scope: RowsScope): string {
  if (scope.kind === 'page') {
    if (!scope.wholeResults)
      return `Search and quick filters cover the ${rows(scope.pageRows)} on page ${scope.page} only. Load all pages to cover the whole course.`;
    return scope.narrowed
      ? `Counts are of the ${rows(scope.shown)} shown, out of all ${number(scope.pageRows)} of the results.`
      : `Counts are of all ${rows(scope.pageRows)} of the results.`;
  }
  if (scope.complete) {
    return scope.narrowed
      ? `Counts are of the ${rows(scope.shown)} shown, out of all ${number(scope.loaded)} loaded.`
      : `Counts are of all ${rows(scope.loaded)} loaded.`;
  }
  return scope.narrowed
    ? `Counts are of the ${rows(scope.shown)} shown, out of ${number(scope.loaded)} loaded so far; more may exist.`
    : `Counts are of the ${rows(scope.loaded)} loaded so far; more may exist.`;
}
/** Narrowing the rows loaded (search, quick filters) and acting on the rows shown (copy, mail, export). */
const en = {
  searchLabel: 'Search loaded rows',
  searchPlaceholder: 'User ID, email or name',
  searchHint: 'A user ID or an email address finds that learner; other words match user name, email or session name.',
  quickFiltersLegend: 'Quick filters',
  quickFilterCount: (count: number) => `(${number(count)})`,
  quickFiltersHint:
    'Inactive: no activity for 14 days or more, or never. Not passed: not passed yet, whatever the progress. Passed without certificate: passed, with no certificate link.',
  quickFilterLabels: enQuickFilterLabels,
  quickFiltersHelp: 'What these mean',
  noMatches: 'No rows match the search and quick filters.',
  clearTriage: 'Clear search and quick filters',
  copyEmails: 'Copy emails',
  copiedEmails: (count: number, invalid: number) =>
    `Copied ${plural(count, 'address', 'addresses')}, one per line.${invalid > 0 ? ` ${plural(invalid, 'row was', 'rows were')} left out: not a valid address.` : ''}`,
  copyFailed: 'Copying was not allowed. Select the text below and copy it.',
  copyFallbackLabel: 'Text to copy',
  emailLearners: 'Email these learners',
  mailtoNone: 'No valid addresses among the rows shown.',
  mailtoTooLong: (count: number) =>
    `${plural(count, 'address is', 'addresses are')} too many for an email link; use Copy emails and paste them into BCC.`,
  mailtoBcc: (count: number) => `Opens your mail app with ${plural(count, 'address', 'addresses')} in BCC.`,
  toolsLabel: 'Actions on the rows shown',
  /** A phone keeps the quick filters and these tools behind one button, which says how many filters are on. */
  filtersAndTools: (on: number) => (on === 0 ? 'Filters and tools' : `Filters and tools (${number(on)} on)`),
  exportCsv: 'Export CSV',
  delimiter: 'Delimiter',
  delimiterComma: 'Comma',
  delimiterSemicolon: 'Semicolon',
  exportScope: (shown: number, partial: boolean) =>
    `Exports the ${rows(shown)} shown: User ID and Email first, then the visible columns in their order${partial ? '; more rows may exist' : ''}.`,
  exported: (shown: number, fileName: string) => `Exported ${rows(shown)} to ${fileName}.`,
  exportFailed: 'The export could not be prepared. Try again.',
  triageScope,
};

const { number: ruNumber, plural: ruPlural, rows: ruRows, addresses: ruAddresses } = ruWords;

const ruQuickFilterLabels: Record<QuickFilterId, string> = {
  overdue: 'Просрочено',
  not_started: 'Не начали',
  inactive: 'Неактивны 14+ дней',
  not_passed: 'Не прошли',
  passed_no_cert: 'Прошли без сертификата',
};

function ruTriageScope(scope: RowsScope): string {
  if (scope.kind === 'page') {
    if (!scope.wholeResults)
      return `Поиск и быстрые фильтры охватывают только страницу ${scope.page} (${ruRows(scope.pageRows)}). Загрузите все страницы, чтобы охватить весь курс.`;
    return scope.narrowed
      ? `Подсчёт по показанным строкам (${ruRows(scope.shown)}) из всех результатов (${ruNumber(scope.pageRows)}).`
      : `Подсчёт по всем строкам результатов (${ruRows(scope.pageRows)}).`;
  }
  if (scope.complete) {
    return scope.narrowed
      ? `Подсчёт по показанным строкам (${ruRows(scope.shown)}) из всех загруженных (${ruNumber(scope.loaded)}).`
      : `Подсчёт по всем загруженным строкам (${ruRows(scope.loaded)}).`;
  }
  return scope.narrowed
    ? `Подсчёт по показанным строкам (${ruRows(scope.shown)}) из загруженных пока (${ruNumber(scope.loaded)}); могут быть и другие.`
    : `Подсчёт по загруженным пока строкам (${ruRows(scope.loaded)}); могут быть и другие.`;
}
const ru: TriageTexts = {
  searchLabel: 'Поиск по загруженным строкам',
  searchPlaceholder: 'ID, почта или имя',
  searchHint:
    'ID пользователя или адрес почты находят этого слушателя; другие слова ищутся в имени, почте и названии сессии.',
  quickFiltersLegend: 'Быстрые фильтры',
  quickFilterCount: (count: number) => `(${ruNumber(count)})`,
  quickFiltersHint:
    'Неактивны: нет активности 14 дней и дольше или не было никогда. Не прошли: ещё не сдали, при любом прогрессе. Прошли без сертификата: сдали, но ссылки на сертификат нет.',
  quickFilterLabels: ruQuickFilterLabels,
  quickFiltersHelp: 'Что они значат',
  triageScope: ruTriageScope,
  noMatches: 'Нет строк, подходящих под поиск и быстрые фильтры.',
  clearTriage: 'Сбросить поиск и быстрые фильтры',
  copyEmails: 'Скопировать адреса',
  copiedEmails: (count: number, invalid: number) =>
    `Скопировано ${ruAddresses(count)}, по одному в строке.${invalid > 0 ? ` Пропущено ${ruRows(invalid)}: недопустимый адрес.` : ''}`,
  copyFailed: 'Копирование не разрешено. Выделите текст ниже и скопируйте его.',
  copyFallbackLabel: 'Текст для копирования',
  emailLearners: 'Написать этим слушателям',
  mailtoNone: 'Среди показанных строк нет допустимых адресов.',
  mailtoTooLong: (count: number) =>
    `${ruAddresses(count)} — слишком много для почтовой ссылки; скопируйте адреса и вставьте их в поле «Скрытая копия».`,
  mailtoBcc: (count: number) =>
    `Откроет почтовую программу с ${ruPlural(count, 'адресом', 'адресами', 'адресами')} в скрытой копии.`,
  toolsLabel: 'Действия с показанными строками',
  filtersAndTools: (on: number) =>
    on === 0 ? 'Фильтры и инструменты' : `Фильтры и инструменты (включено: ${ruNumber(on)})`,
  exportCsv: 'Экспорт CSV',
  delimiter: 'Разделитель',
  delimiterComma: 'Запятая',
  delimiterSemicolon: 'Точка с запятой',
  exportScope: (shown: number, partial: boolean) =>
    `Выгружаются показанные строки (${ruRows(shown)}): сначала ID пользователя и эл. почта, затем видимые столбцы в их порядке${partial ? '; могут быть и другие строки' : ''}.`,
  exported: (shown: number, fileName: string) => `Выгружено ${ruRows(shown)} в ${fileName}.`,
  exportFailed: 'Не удалось подготовить выгрузку. Попробуйте ещё раз.',
};

export type TriageTexts = typeof en;

export const triageCatalogs: Record<Locale, TriageTexts> = { en, ru };
