import type { CourseStat } from '@contract';
import type { AccessorFnColumnDef, AccessorFnColumnDefBase } from '@tanstack/react-table';
import { ProgressBar } from '@/components/progress-bar';
import { parseTimestamp } from '@/lib/format';
import { localizedDuration } from '../strings';
import { safeHttpUrl } from '@/lib/url-safety';
import { courseStatStatus, effectiveProgress, STATUS_RANK } from '../model/course-stat-status';
import { EXTRA_COLUMN_IDS, type CourseStatsColumnId } from '../model/course-stats-column-ids';
import type { CourseStatsSort } from '../model/course-stats-search';
import type { RowSort } from '../model/rows-shown';
import { texts as englishTexts, type CourseStatsTexts } from '../strings';
import { CertificateCell, DASH, DeadlineCell, RelativeTime, StatusCell, UserCell, YesNo } from './course-stats-cells';
import '@/components/data-table/column-meta';

type Column = AccessorFnColumnDef<CourseStat> & { id: CourseStatsColumnId };

const extra = new Set<string>(EXTRA_COLUMN_IDS);

/** Shared by every column: the human name, whether it can be hidden, and null sorting last either way. */
function column(
  texts: CourseStatsTexts,
  id: CourseStatsColumnId,
  definition: AccessorFnColumnDefBase<CourseStat>,
): Column {
  const columnHeaders = texts.columnHeaders;
  return {
    id,
    header: columnHeaders[id],
    enableHiding: extra.has(id),
    sortUndefined: 'last',
    ...definition,
    meta: { label: columnHeaders[id], ...definition.meta },
  };
}

/**
 * The course statistics columns, in display order. Ids match the URL's sort ids; accessors give the value a
 * sort compares (undefined for "no value", which sorts last); meta.exportValue gives the plain value an export
 * writes. The same list serves the paged table and the whole-course (virtualised) table.
 */
function buildColumns(texts: CourseStatsTexts): Column[] {
  const formatNumber = texts.decimal;
  const formatPercent = texts.percent;
  const orDash = (value: number | null) => (value === null ? DASH : formatNumber(value));
  return [
    column(texts, 'username', {
      accessorFn: (row) => row.username,
      sortingFn: 'text',
      cell: ({ row }) => <UserCell rowId={row.id} stat={row.original} />,
      meta: { width: 14, clip: true, isRowHeader: true, exportValue: (row) => row.username },
    }),
    column(texts, 'user_email', {
      accessorFn: (row) => row.user_email,
      sortingFn: 'text',
      cell: ({ row }) => row.original.user_email,
      meta: { width: 17, clip: true, exportValue: (row) => row.user_email },
    }),
    column(texts, 'course_session_name', {
      accessorFn: (row) => row.course_session_name,
      sortingFn: 'text',
      cell: ({ row }) => row.original.course_session_name,
      meta: { width: 11, clip: true, exportValue: (row) => row.course_session_name },
    }),
    column(texts, 'status', {
      accessorFn: (row) => STATUS_RANK[courseStatStatus(row)],
      sortingFn: 'basic',
      cell: ({ row }) => <StatusCell stat={row.original} />,
      meta: { width: 8.5, exportValue: (row) => texts.statusLabels[courseStatStatus(row)] },
    }),
    column(texts, 'progress', {
      accessorFn: (row) => effectiveProgress(row),
      sortingFn: 'basic',
      cell: ({ row }) => (
        <ProgressBar
          locale={texts.locale}
          value={effectiveProgress(row.original)}
          label={texts.progressOf(row.original.username)}
        />
      ),
      meta: { width: 9, exportValue: (row) => effectiveProgress(row) },
    }),
    column(texts, 'score', {
      accessorFn: (row) => row.score,
      sortingFn: 'basic',
      cell: ({ row }) => formatNumber(row.original.score),
      meta: { width: 5.5, align: 'end', exportValue: (row) => row.score },
    }),
    column(texts, 'deadline', {
      accessorFn: (row) => parseTimestamp(row.deadline) ?? undefined,
      sortingFn: 'basic',
      cell: ({ row }) => <DeadlineCell stat={row.original} />,
      meta: { width: 18, exportValue: (row) => row.deadline },
    }),
    column(texts, 'last_activity', {
      accessorFn: (row) => parseTimestamp(row.last_activity) ?? undefined,
      sortingFn: 'basic',
      cell: ({ row }) => <RelativeTime iso={row.original.last_activity} />,
      meta: { width: 9, exportValue: (row) => row.last_activity },
    }),
    column(texts, 'time_spent', {
      accessorFn: (row) => (Number.isFinite(row.time_spent) ? row.time_spent : undefined),
      sortingFn: 'basic',
      cell: ({ row }) => localizedDuration(row.original.time_spent, texts.durationUnits),
      meta: { width: 7, align: 'end', exportValue: (row) => row.time_spent },
    }),
    column(texts, 'completed_tasks', {
      accessorFn: (row) => row.completed_tasks,
      sortingFn: 'basic',
      cell: ({ row }) => formatNumber(row.original.completed_tasks),
      meta: { width: 5, align: 'end', exportValue: (row) => row.completed_tasks },
    }),
    column(texts, 'cert_file', {
      accessorFn: (row) => row.cert_file ?? undefined,
      enableSorting: false,
      cell: ({ row }) => <CertificateCell stat={row.original} />,
      // Only what would have been a link: an export must not carry a javascript: URL to a spreadsheet either.
      meta: { width: 7.5, exportValue: (row) => safeHttpUrl(row.cert_file) },
    }),
    column(texts, 'completed', {
      accessorFn: (row) => Number(row.completed),
      sortingFn: 'basic',
      cell: ({ row }) => <YesNo value={row.original.completed} />,
      meta: { width: 7, exportValue: (row) => row.completed },
    }),
    column(texts, 'success', {
      accessorFn: (row) => Number(row.success),
      sortingFn: 'basic',
      cell: ({ row }) => <YesNo value={row.original.success} />,
      meta: { width: 6, exportValue: (row) => row.success },
    }),
    column(texts, 'quiz_count', {
      accessorFn: (row) => row.quiz_count ?? undefined,
      sortingFn: 'basic',
      cell: ({ row }) => orDash(row.original.quiz_count),
      meta: { width: 6, align: 'end', exportValue: (row) => row.quiz_count },
    }),
    column(texts, 'score_percent', {
      accessorFn: (row) => row.score_percent ?? undefined,
      sortingFn: 'basic',
      cell: ({ row }) => formatPercent(row.original.score_percent),
      meta: { width: 6, align: 'end', exportValue: (row) => row.score_percent },
    }),
    column(texts, 'progress_percent', {
      accessorFn: (row) => row.progress_percent ?? undefined,
      sortingFn: 'basic',
      cell: ({ row }) => formatPercent(row.original.progress_percent),
      meta: { width: 7, align: 'end', exportValue: (row) => row.progress_percent },
    }),
    column(texts, 'id', {
      accessorFn: (row) => row.id,
      sortingFn: 'basic',
      cell: ({ row }) => row.original.id,
      meta: { width: 8, align: 'end', exportValue: (row) => row.id },
    }),
    column(texts, 'user_id', {
      accessorFn: (row) => row.user_id,
      sortingFn: 'basic',
      cell: ({ row }) => row.original.user_id,
      meta: { width: 6.5, align: 'end', exportValue: (row) => row.user_id },
    }),
    column(texts, 'course_session_id', {
      accessorFn: (row) => row.course_session_id,
      sortingFn: 'basic',
      cell: ({ row }) => row.original.course_session_id,
      meta: { width: 7, align: 'end', exportValue: (row) => row.course_session_id },
    }),
  ];
}

const columnsByLanguage = new WeakMap<CourseStatsTexts, Column[]>();

/** The columns in a language's words; built once per language, so the table's column list stays stable. */
export function courseStatsColumnsIn(texts: CourseStatsTexts): Column[] {
  let columns = columnsByLanguage.get(texts);
  if (!columns) {
    columns = buildColumns(texts);
    columnsByLanguage.set(texts, columns);
  }
  return columns;
}

export const courseStatsColumns: Column[] = courseStatsColumnsIn(englishTexts);

const columnsById = new Map<string, Column>(courseStatsColumns.map((definition) => [definition.id, definition]));

/** How the rows-shown pipeline sorts by a column: the column's own accessor, as text or as a number. */
export function rowSortFor(sort: CourseStatsSort): RowSort | undefined {
  const definition = columnsById.get(sort.id);
  if (!definition || definition.enableSorting === false) return undefined;
  return { value: (row) => definition.accessorFn(row, 0), text: definition.sortingFn === 'text', desc: sort.desc };
}
