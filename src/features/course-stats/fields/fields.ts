import type { CourseStat } from '@contract';
import { csvDateTime } from '@/lib/csv';
import { safeHttpUrl } from '@/lib/url-safety';
import { courseStatStatus, effectiveProgress, isOverdue, STATUS_RANK } from '@/course/course-stat-status';
import type { RowSort } from './multi-sort';
import {
  byNumber,
  byText,
  certificateLink,
  DASH,
  fixedColumn,
  localizedDuration,
  optionalColumn,
  shownColumn,
  orDash,
  time,
  wire,
  yesNo,
  type ColumnSpec,
  type FieldSpec,
  type SortSpec,
} from './field-spec';

/**
 * Every course-statistic field, declared once: its column (header, default visibility, whether it can be hidden,
 * layout, how its cell shows, its CSV value), its sort value, and its line in the details dialog. The table
 * columns, the CSV export, the details dialog and sorting are all built from this list (fields.test.tsx walks
 * it). Adding a field is one entry here and its words in ./strings.ts. The list is in column order; the fields
 * with no column close it.
 */
const FIELD_LIST = [
  {
    id: 'username',
    text: (stat) => stat.username,
    column: fixedColumn('user', 13, (stat) => stat.username, { clip: true, isRowHeader: true }),
    sort: byText((stat) => stat.username),
    details: wire('username'),
  },
  {
    id: 'user_email',
    text: (stat) => stat.user_email,
    // Off by default: the table shows the email under the name (a laptop has no room for both columns), the CSV
    // always has its column, and the Columns menu brings it back to sort by.
    column: optionalColumn('text', 17, (stat) => stat.user_email, { clip: true }),
    sort: byText((stat) => stat.user_email),
    details: wire('user_email'),
  },
  {
    id: 'course_session_name',
    text: (stat) => stat.course_session_name,
    column: shownColumn('text', 8.5, (stat) => stat.course_session_name, { clip: true }),
    sort: byText((stat) => stat.course_session_name),
    details: wire('course_session_name'),
  },
  {
    id: 'status',
    text: (stat, words) => words.statusLabels[courseStatStatus(stat)],
    column: shownColumn('status', 8, (stat, words) => words.statusLabels[courseStatStatus(stat)]),
    sort: byNumber((stat) => STATUS_RANK[courseStatStatus(stat)]),
    details: {
      label: (words) => words.columnHeaders.status,
      value: (stat, words) => words.statusLabels[courseStatStatus(stat)],
      raw: null,
    },
  },
  {
    id: 'progress',
    text: (stat, words) => words.percent(effectiveProgress(stat)),
    column: shownColumn('progress', 7.5, effectiveProgress, { csvUnit: 'percent' }),
    sort: byNumber(effectiveProgress),
    details: wire('progress', (stat, words) => words.percent(stat.progress)),
  },
  {
    id: 'score',
    text: (stat, words) => words.decimal(stat.score),
    column: shownColumn('text', 4.5, (stat) => stat.score, { align: 'end' }),
    sort: byNumber((stat) => stat.score),
    details: wire('score', (stat, words) => words.decimal(stat.score)),
  },
  {
    id: 'deadline',
    text: (stat, words) => (stat.deadline === null ? words.noDeadline : words.dateTime(stat.deadline)),
    // Dates as a spreadsheet reads them, in the user's time zone, which the header names.
    column: shownColumn('deadline', 9, (stat) => csvDateTime(stat.deadline), { csvUnit: 'time-zone' }),
    sort: byNumber((stat) => time(stat.deadline)),
    details: wire('deadline', (stat, words) =>
      stat.deadline === null ? words.noDeadline : words.dateTime(stat.deadline),
    ),
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
    text: (stat, words) => localizedDuration(stat.time_spent, words.durationUnits),
    // Seconds, as the API sends them (docs/api.md): a sum in a spreadsheet stays a sum.
    column: shownColumn('text', 6.5, (stat) => stat.time_spent, { align: 'end', csvUnit: 'seconds' }),
    sort: byNumber((stat) => (Number.isFinite(stat.time_spent) ? stat.time_spent : undefined)),
    details: wire('time_spent', (stat, words) => localizedDuration(stat.time_spent, words.durationUnits)),
  },
  {
    id: 'completed_tasks',
    text: (stat, words) => words.decimal(stat.completed_tasks),
    column: shownColumn('text', 4.5, (stat) => stat.completed_tasks, { align: 'end' }),
    sort: byNumber((stat) => stat.completed_tasks),
    details: wire('completed_tasks', (stat, words) => words.decimal(stat.completed_tasks)),
  },
  {
    id: 'cert_file',
    text: (stat, words) => (safeHttpUrl(stat.cert_file) === null ? DASH : words.certificate),
    // Only what would have been a link: an export must not carry a javascript: URL to a spreadsheet either.
    column: shownColumn('certificate', 7, (stat) => safeHttpUrl(stat.cert_file)),
    sort: null,
    details: wire('cert_file', certificateLink),
  },
  {
    id: 'completed',
    text: (stat, words) => yesNo(stat.completed, words),
    column: optionalColumn('text', 7, (stat) => stat.completed),
    sort: byNumber((stat) => Number(stat.completed)),
    details: wire('completed', (stat, words) => yesNo(stat.completed, words)),
  },
  {
    id: 'success',
    text: (stat, words) => yesNo(stat.success, words),
    column: optionalColumn('text', 6, (stat) => stat.success),
    sort: byNumber((stat) => Number(stat.success)),
    details: wire('success', (stat, words) => yesNo(stat.success, words)),
  },
  {
    id: 'quiz_count',
    text: (stat, words) => orDash(stat.quiz_count, words),
    column: optionalColumn('text', 6, (stat) => stat.quiz_count, { align: 'end' }),
    sort: byNumber((stat) => stat.quiz_count),
    details: wire('quiz_count', (stat, words) => words.decimal(stat.quiz_count)),
  },
  {
    id: 'score_percent',
    text: (stat, words) => words.percent(stat.score_percent),
    column: optionalColumn('text', 6, (stat) => stat.score_percent, { align: 'end' }),
    sort: byNumber((stat) => stat.score_percent),
    details: wire('score_percent', (stat, words) => words.percent(stat.score_percent)),
  },
  {
    id: 'progress_percent',
    text: (stat, words) => words.percent(stat.progress_percent),
    column: optionalColumn('text', 7, (stat) => stat.progress_percent, { align: 'end' }),
    sort: byNumber((stat) => stat.progress_percent),
    details: wire('progress_percent', (stat, words) => words.percent(stat.progress_percent)),
  },
  {
    id: 'id',
    text: (stat) => String(stat.id),
    column: optionalColumn('text', 8, (stat) => stat.id, { align: 'end' }),
    sort: byNumber((stat) => stat.id),
    details: wire('id'),
  },
  {
    id: 'user_id',
    text: (stat) => String(stat.user_id),
    column: optionalColumn('text', 6.5, (stat) => stat.user_id, { align: 'end' }),
    sort: byNumber((stat) => stat.user_id),
    details: wire('user_id'),
  },
  {
    id: 'course_session_id',
    text: (stat) => String(stat.course_session_id),
    column: optionalColumn('text', 7, (stat) => stat.course_session_id, { align: 'end' }),
    sort: byNumber((stat) => stat.course_session_id),
    details: wire('course_session_id'),
  },
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

function hasColumn(field: Field): field is ColumnField {
  return field.column !== null;
}

/** The fields that are table columns, in column order. */
export const COLUMN_FIELDS: readonly ColumnField[] = FIELDS.filter(hasColumn);
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
