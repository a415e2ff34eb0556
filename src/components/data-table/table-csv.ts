import type { Table } from '@tanstack/react-table';
import { toCsv, type CsvCell, type CsvDelimiter } from '@/lib/csv';
import { columnLabel } from './column-meta';

const plainValue = (value: unknown): CsvCell =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;

/** The columns an export writes: the leading ones, then the visible columns in their order. */
function exportColumns<TData>(table: Table<TData>, leadingColumnIds: readonly string[] = []) {
  const leading = table.getAllLeafColumns().filter((column) => leadingColumnIds.includes(column.id));
  leading.sort((a, b) => leadingColumnIds.indexOf(a.id) - leadingColumnIds.indexOf(b.id));
  const rest = table.getVisibleLeafColumns().filter((column) => !leadingColumnIds.includes(column.id));
  return [...leading, ...rest];
}

/** Rows as CSV as the table shows them: `rows` in order, visible columns after leading ones, by their export meta. */
export function tableToCsv<TData>(
  table: Table<TData>,
  rows: readonly TData[],
  delimiter: CsvDelimiter,
  /** Columns written first, in this order, shown or not: what people paste into other systems. */
  { leadingColumnIds }: { leadingColumnIds?: readonly string[] } = {},
): { text: string; rows: number } {
  const columns = exportColumns(table, leadingColumnIds);
  const header = columns.map((column) => column.columnDef.meta?.exportHeader ?? columnLabel(column));
  const body = rows.map((original, index) =>
    columns.map((column) => {
      const value = column.accessorFn?.(original, index);
      const exportValue = column.columnDef.meta?.exportValue;
      return exportValue ? exportValue(original, value) : plainValue(value);
    }),
  );
  return { text: toCsv(header, body, delimiter), rows: rows.length };
}
