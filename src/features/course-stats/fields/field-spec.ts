import type { CourseStat } from '@contract';
import type { CsvCell } from '@/lib/csv';
import { formatDuration, NO_VALUE, parseTimestamp } from '@/lib/format';
import { safeHttpUrl } from '@/lib/url-safety';
import type { FieldTexts } from './strings';

// The shape of a course-statistic field's declaration (see ./fields.ts), and the small builders its entries use.

/** What a column's CSV values are counted in, said in its CSV header: "Time spent (seconds)". */
export type CsvUnit = 'percent' | 'seconds' | 'time-zone';

/** A duration in the catalog's units: "1 h 5 min", "1 ч 5 мин". */
export function localizedDuration(seconds: number | null | undefined, units: FieldTexts['durationUnits']): string {
  return formatDuration(seconds)
    .replace(/\bd\b/g, units.d)
    .replace(/\bh\b/g, units.h)
    .replace(/\bmin\b/g, units.min)
    .replace(/\bs\b/g, units.s);
}

/** How a cell shows: 'text' is the field's `text`; the others have markup of their own, drawn by the table. */
export type CellKind = 'text' | 'user' | 'status' | 'progress' | 'deadline' | 'relative-time' | 'certificate';

export interface ColumnSpec {
  /** Shown before the user picks columns. */
  visibleByDefault: boolean;
  /** Listed in the Columns menu. */
  hideable: boolean;
  cell: CellKind;
  /** Width in rem, for the table whose rows come and go. */
  width: number;
  align?: 'start' | 'end';
  /** Free text that may be longer than the column: cut with an ellipsis. */
  clip?: boolean;
  /** Its cells are the row's header. */
  isRowHeader?: boolean;
  /** The plain value the CSV export writes; the CSV header is the column header, with the unit if there is one. */
  csv: (stat: CourseStat, words: FieldTexts) => Exclude<CsvCell, undefined>;
  /** The unit of the CSV values, where the column header does not say it. */
  csvUnit?: CsvUnit;
}

export interface SortSpec {
  /** The value compared; undefined is "no value", which sorts last either way. */
  value: (stat: CourseStat) => string | number | undefined;
  /** Compared as folded text rather than as numbers. */
  text: boolean;
}

/** A value in the details dialog: text, or a link. */
export type DetailsValue = string | { href: string; text: string };

export interface DetailsSpec {
  label: (words: FieldTexts) => string;
  value: (stat: CourseStat, words: FieldTexts, now: number) => DetailsValue;
  /** The wire field whose raw value the dialog shows beside; null for a derived field. */
  raw: keyof CourseStat | null;
}

export interface FieldSpec<Id extends string> {
  id: Id;
  /** The value a 'text' cell shows (fields with no column have none). */
  text?: (stat: CourseStat, words: FieldTexts) => string;
  column: ColumnSpec | null;
  sort: SortSpec | null;
  details: DetailsSpec;
}

/** A wire field's line in the details dialog: its label, and the value as the table would show it. */
export const wire = <K extends keyof CourseStat>(
  key: K,
  value?: (stat: CourseStat, words: FieldTexts, now: number) => DetailsValue,
): DetailsSpec => ({
  label: (words) => words.fieldLabels[key],
  value: value ?? ((stat) => String(stat[key])),
  raw: key,
});

export const byNumber = (value: (stat: CourseStat) => number | null | undefined): SortSpec => ({
  value: (stat) => value(stat) ?? undefined,
  text: false,
});
export const time = (iso: string | null) => parseTimestamp(iso) ?? undefined;
export const yesNo = (value: boolean, words: FieldTexts) => (value ? words.yes : words.no);
export const certificateLink = (stat: CourseStat, words: FieldTexts): DetailsValue => {
  const href = safeHttpUrl(stat.cert_file);
  return href === null ? NO_VALUE : { href, text: words.certificate };
};

type Layout = Pick<ColumnSpec, 'align' | 'clip' | 'isRowHeader' | 'csvUnit'>;
type ColumnKind = (cell: CellKind, width: number, csv: ColumnSpec['csv'], layout?: Layout) => ColumnSpec;

/** A column builder: how the column starts out and whether the Columns menu lists it. */
const columnKind =
  (visibleByDefault: boolean, hideable: boolean): ColumnKind =>
  (cell, width, csv, layout = {}) => ({ visibleByDefault, hideable, cell, width, csv, ...layout });

/** A column that is always shown: the Columns menu does not list it (the user's name, which opens the details). */
export const fixedColumn = columnKind(true, false);

/** A column shown from the start, which the Columns menu can hide. */
export const shownColumn = columnKind(true, true);

/** A column hidden until chosen in the Columns menu. */
export const optionalColumn = columnKind(false, true);

type KeysOf<Value> = { [K in keyof CourseStat]: CourseStat[K] extends Value ? K : never }[keyof CourseStat];

/** A wire field of free text (a name, an address): shown, exported and sorted as it is, cut to its column. */
export const textField = <Id extends KeysOf<string>>(
  id: Id,
  kind: ColumnKind,
  cell: CellKind,
  width: number,
  layout: Layout = {},
) => ({
  id,
  text: (stat: CourseStat) => stat[id],
  column: kind(cell, width, (stat) => stat[id], { clip: true, ...layout }),
  sort: { value: (stat: CourseStat) => stat[id], text: true },
  details: wire(id),
});

/** A number field: shown in `format` (table and details), right-aligned, exported as sent, sorted as a number. */
export const numberField = <Id extends KeysOf<number | null>>(
  id: Id,
  kind: ColumnKind,
  width: number,
  format: (value: number | null, words: FieldTexts) => string,
) => {
  const text = (stat: CourseStat, words: FieldTexts) => format(stat[id], words);
  return {
    id,
    text,
    column: kind('text', width, (stat) => stat[id], { align: 'end' }),
    sort: byNumber((stat) => stat[id]),
    details: wire(id, text),
  };
};

/** A yes/no wire field: shown as Yes or No, exported as true/false, sorted no before yes; hidden until chosen. */
export const booleanField = <Id extends KeysOf<boolean>>(id: Id, width: number) => {
  const text = (stat: CourseStat, words: FieldTexts) => yesNo(stat[id], words);
  return {
    id,
    text,
    column: optionalColumn('text', width, (stat) => stat[id]),
    sort: byNumber((stat) => Number(stat[id])),
    details: wire(id, text),
  };
};
