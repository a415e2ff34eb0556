import type { CourseStat } from '@contract';
import type { AccessorFnColumnDef, Row } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { ProgressBar } from '@/components/progress-bar';
import { localTimeZone } from '@/lib/csv';
import { effectiveProgress } from '@/course/course-stat-status';
import type { CellKind } from '../fields/field-spec';
import { COLUMN_FIELDS, type ColumnField, type ColumnId } from '../fields/fields';
import type { FieldTexts } from '../fields/strings';
import { CertificateCell, DeadlineCell, RelativeTime, StatusCell, UserCell } from './cells';
import '@/components/data-table/column-meta';

type Column = AccessorFnColumnDef<CourseStat> & { id: ColumnId };

/** The cells with markup of their own; a 'text' cell is the field's text. */
const CELLS: Record<Exclude<CellKind, 'text'>, (stat: CourseStat, rowId: string, words: FieldTexts) => ReactNode> = {
  user: (stat, rowId) => <UserCell rowId={rowId} stat={stat} withEmail />,
  status: (stat) => <StatusCell stat={stat} />,
  progress: (stat, _rowId, words) => (
    <ProgressBar locale={words.locale} value={effectiveProgress(stat)} label={words.progressOf(stat.username)} />
  ),
  deadline: (stat) => <DeadlineCell stat={stat} />,
  'relative-time': (stat) => <RelativeTime iso={stat.last_activity} />,
  certificate: (stat) => <CertificateCell stat={stat} />,
};

/** A field's column: header, hideability, sort accessor (undefined, no value, sorts last), export value. */
function columnOf(field: ColumnField, words: FieldTexts, timeZone: string): Column {
  const { column, sort } = field;
  const header = words.columnHeaders[field.id];
  const { cell: kind } = column;
  // One content for both ways a cell is drawn: through TanStack's cell, or straight from the row (virtual table).
  const fromRow = ({ original, id }: Row<CourseStat>) =>
    kind === 'text' ? (field.text?.(original, words) ?? null) : CELLS[kind](original, id, words);
  return {
    id: field.id,
    header,
    accessorFn: (stat) => (sort ? sort.value(stat) : undefined),
    enableSorting: sort !== null,
    sortingFn: sort?.text ? 'text' : 'basic',
    sortUndefined: 'last',
    enableHiding: column.hideable,
    cell: ({ row }) => fromRow(row),
    meta: {
      renderCell: fromRow,
      label: header,
      // The CSV header says the unit of the values, where the column has one.
      exportHeader:
        column.csvUnit === undefined
          ? header
          : `${header} (${column.csvUnit === 'time-zone' ? timeZone : words.csvUnits[column.csvUnit]})`,
      width: column.width,
      ...(column.align ? { align: column.align } : {}),
      ...(column.clip ? { clip: true } : {}),
      ...(column.isRowHeader ? { isRowHeader: true } : {}),
      exportValue: (stat) => column.csv(stat, words),
    },
  };
}

const columnsByLanguage = new WeakMap<FieldTexts, Column[]>();

/** The columns in a language's words, built once per language so the list stays stable, for paged and whole tables. */
export function courseStatsColumnsIn(words: FieldTexts): Column[] {
  let columns = columnsByLanguage.get(words);
  if (!columns) {
    const timeZone = localTimeZone();
    columns = COLUMN_FIELDS.map((field) => columnOf(field, words, timeZone));
    columnsByLanguage.set(words, columns);
  }
  return columns;
}
