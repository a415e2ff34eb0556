import type { CourseStat } from '@contract';
import { csvDateTime } from '@/lib/csv';
import { safeHttpUrl } from '@/lib/url-safety';
import { courseStatStatus, effectiveProgress, isOverdue, STATUS_RANK } from '@/course/course-stat-status';
import type { RowSort } from './multi-sort';
import { NO_VALUE } from '@/lib/format';
import {
  booleanField,
  byNumber,
  certificateLink,
  fixedColumn,
  localizedDuration,
  numberField,
  optionalColumn,
  shownColumn,
  textField,
  time,
  wire,
  yesNo,
  type ColumnSpec,
  type FieldSpec,
  type SortSpec,
} from './field-spec';
import type { FieldTexts } from './strings';

const decimal = (value: number | null, words: FieldTexts) => words.decimal(value);
const percent = (value: number | null, words: FieldTexts) => words.percent(value);
const statusText = (stat: CourseStat, words: FieldTexts) => words.statusLabels[courseStatStatus(stat)];
const deadlineText = (stat: CourseStat, words: FieldTexts) =>
  stat.deadline === null ? words.noDeadline : words.dateTime(stat.deadline);
const timeSpentText = (stat: CourseStat, words: FieldTexts) => localizedDuration(stat.time_spent, words.durationUnits);

/**
 * Every course-statistic field, declared once: its column (header, default visibility, hideable, layout, cell, CSV
 * value), its sort value and its line in the details dialog. Columns, CSV export, details and sorting are all built
 * from this list (fields.test.tsx walks it); adding a field is one entry here and its words in ./strings.ts. Column
 * order; the fields with no column close it.
 */
const FIELD_LIST = [
  textField('username', fixedColumn, 'user', 13, { isRowHeader: true }),
  // Off by default: the email shows under the name (a laptop has no room for both), and the CSV always has it.
  textField('user_email', optionalColumn, 'text', 17),
  textField('course_session_name', shownColumn, 'text', 8.5),
  {
    id: 'status',
    text: statusText,
    column: shownColumn('status', 8, statusText),
    sort: byNumber((stat) => STATUS_RANK[courseStatStatus(stat)]),
    details: { label: (words) => words.columnHeaders.status, value: statusText, raw: null },
  },
  {
    id: 'progress',
    text: (stat, words) => words.percent(effectiveProgress(stat)),
    column: shownColumn('progress', 7.5, effectiveProgress, { csvUnit: 'percent' }),
    sort: byNumber(effectiveProgress),
    details: wire('progress', (stat, words) => words.percent(stat.progress)),
  },
  numberField('score', shownColumn, 4.5, decimal),
  {
    id: 'deadline',
    text: deadlineText,
    // Dates as a spreadsheet reads them, in the user's time zone, which the header names.
    column: shownColumn('deadline', 9, (stat) => csvDateTime(stat.deadline), { csvUnit: 'time-zone' }),
    sort: byNumber((stat) => time(stat.deadline)),
    details: wire('deadline', deadlineText),
  },
  {
    id: 'last_activity',
    text: (stat, words) => (stat.last_activity === null ? words.never : words.dateTime(stat.last_activity)),
    column: shownColumn('relative-time', 8, (stat) => csvDateTime(stat.last_activity), { csvUnit: 'time-zone' }),
    sort: byNumber((stat) => time(stat.last_activity)),
    details: wire('last_activity', (stat, words, now) =>
      stat.last_activity === null
        ? words.never
        : `${words.dateTime(stat.last_activity)} (${words.relativeTime(stat.last_activity, now)})`,
    ),
  },
  {
    id: 'time_spent',
    text: timeSpentText,
    // Seconds, as the API sends them (docs/api.md): a sum in a spreadsheet stays a sum.
    column: shownColumn('text', 6.5, (stat) => stat.time_spent, { align: 'end', csvUnit: 'seconds' }),
    sort: byNumber((stat) => (Number.isFinite(stat.time_spent) ? stat.time_spent : undefined)),
    details: wire('time_spent', timeSpentText),
  },
  numberField('completed_tasks', shownColumn, 4.5, decimal),
  {
    id: 'cert_file',
    text: (stat, words) => (safeHttpUrl(stat.cert_file) === null ? NO_VALUE : words.certificate),
    // Only what would have been a link: an export must not carry a javascript: URL to a spreadsheet either.
    column: shownColumn('certificate', 7, (stat) => safeHttpUrl(stat.cert_file)),
    sort: null,
    details: wire('cert_file', certificateLink),
  },
  booleanField('completed', 7),
  booleanField('success', 6),
  // A count the API leaves out (null) is a dash, as every missing value is.
  numberField('quiz_count', optionalColumn, 6, decimal),
  numberField('score_percent', optionalColumn, 6, percent),
  numberField('progress_percent', optionalColumn, 7, percent),
  numberField('id', optionalColumn, 8, String),
  numberField('user_id', optionalColumn, 6.5, String),
  numberField('course_session_id', optionalColumn, 7, String),
  // The same for every row of a course: said once above the table, and in the details.
  { id: 'course_id', column: null, sort: null, details: wire('course_id') },
  { id: 'coursename', column: null, sort: null, details: wire('coursename') },
  {
    id: 'overdue',
    column: null,
    sort: null,
    details: {
      label: (words) => words.overdue,
      value: (stat, words, now) => yesNo(isOverdue(stat, now), words),
      raw: null,
    },
  },
] as const satisfies readonly FieldSpec<string>[];

export type FieldId = (typeof FIELD_LIST)[number]['id'];
export type Field = FieldSpec<FieldId>;
export const FIELDS: readonly Field[] = FIELD_LIST;

/**
 * Columns that are no field of a row. "Change" exists only once a whole course has been compared with an earlier
 * snapshot of it (see ../changes/), which gives its values and its sort; it can be hidden and sorted like the rest.
 */
export const COMPUTED_COLUMN_IDS = ['change'] as const;
export type ComputedColumnId = (typeof COMPUTED_COLUMN_IDS)[number];

export function isComputedColumnId(value: string): value is ComputedColumnId {
  return (COMPUTED_COLUMN_IDS as readonly string[]).includes(value);
}

type FieldColumnId = Exclude<(typeof FIELD_LIST)[number], { column: null }>['id'];
/** A table column's id: also the URL's sort id and the remembered column choice. */
export type ColumnId = FieldColumnId | ComputedColumnId;
export type ColumnField = Field & { id: FieldColumnId; column: ColumnSpec };

/** The fields that are table columns, in column order. */
export const COLUMN_FIELDS: readonly ColumnField[] = FIELDS.filter(
  (field): field is ColumnField => field.column !== null,
);
const HIDEABLE_IDS: readonly string[] = COLUMN_FIELDS.filter((field) => field.column.hideable).map((field) => field.id);
const SORTS = new Map<string, SortSpec>(COLUMN_FIELDS.flatMap((field) => (field.sort ? [[field.id, field.sort]] : [])));

export function isSortableColumnId(value: string): value is ColumnId {
  return SORTS.has(value) || isComputedColumnId(value);
}

export function isHideableColumnId(value: string): value is ColumnId {
  return HIDEABLE_IDS.includes(value) || isComputedColumnId(value);
}

/** The sorts of the computed columns there are now (none while a column does not exist). */
export type ComputedSorts = Partial<Record<ComputedColumnId, SortSpec>>;

/** How the rows-shown pipeline sorts by a column: the field's own sort value, as text or as a number. */
export function rowSortFor(
  sort: { id: string; desc: boolean },
  computed: ComputedSorts = {},
): RowSort<CourseStat> | undefined {
  const spec = SORTS.get(sort.id) ?? (isComputedColumnId(sort.id) ? computed[sort.id] : undefined);
  return spec ? { ...spec, desc: sort.desc } : undefined;
}

/** The sort keys the pipeline sorts by, in order; a column that cannot sort (or is not there) is left out. */
export function rowSortsFor(
  sorting: ReadonlyArray<{ id: string; desc: boolean }>,
  computed: ComputedSorts = {},
): Array<RowSort<CourseStat>> {
  return sorting.flatMap((sort) => rowSortFor(sort, computed) ?? []);
}

/** The lines of the details dialog: the wire fields in the API's order, then the derived ones. */
export function detailsFields(wireOrder: readonly (keyof CourseStat)[]): readonly Field[] {
  const rank = (field: Field) => {
    const { raw } = field.details;
    return raw === null ? wireOrder.length + FIELDS.indexOf(field) : wireOrder.indexOf(raw);
  };
  return [...FIELDS].sort((a, b) => rank(a) - rank(b));
}
