import { formatNumber } from '@/lib/format';
import { plural as pluralOf } from '@/lib/i18n';

/** Counting words for every catalog's sentences, numbers written the language's way ("10,000" / "10 000"). */
export const enWords = {
  number: (value: number) => formatNumber(value, 'en'),
  plural: (count: number, one: string, many: string) => pluralOf('en', count, { one: `# ${one}`, other: `# ${many}` }),
  rows: (count: number) => enWords.plural(count, 'row', 'rows'),
  pages: (count: number) => enWords.plural(count, 'page', 'pages'),
};

/** "1 строка", "2 строки", "5 строк": the forms after one, a few (2–4) and many. */
const ruPlural = (count: number, one: string, few: string, many: string) =>
  pluralOf('ru', count, { one: `# ${one}`, few: `# ${few}`, many: `# ${many}`, other: `# ${few}` });

export const ruWords = {
  number: (value: number) => formatNumber(value, 'ru'),
  plural: ruPlural,
  rows: (count: number) => ruPlural(count, 'строка', 'строки', 'строк'),
  /** After "из" and "после": "из 5 строк". */
  rowsOf: (count: number) => ruPlural(count, 'строки', 'строк', 'строк'),
  pages: (count: number) => ruPlural(count, 'страница', 'страницы', 'страниц'),
  pagesOf: (count: number) => ruPlural(count, 'страницы', 'страниц', 'страниц'),
  addresses: (count: number) => ruPlural(count, 'адрес', 'адреса', 'адресов'),
};

/** Which rows a figure, sort or count covers: a page of results, or the whole course loaded so far. */
export type RowsScope =
  | { kind: 'page'; page: number; pageRows: number; shown: number; narrowed: boolean; wholeResults: boolean }
  | {
      kind: 'whole';
      loaded: number;
      shown: number;
      narrowed: boolean;
      complete: boolean;
      /** The change picked in the changes region, when it narrows the rows: its label. */
      change?: string | null;
    };
