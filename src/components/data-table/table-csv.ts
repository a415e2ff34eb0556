import type { Table } from '@tanstack/react-table';
import { toCsv, type CsvCell, type CsvDelimiter } from '@/lib/csv';
import { columnLabel } from './column-meta';

function plainValue(value: unknown): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/**
 * The table as CSV, exactly as shown: the rows of its row model (filtered and sorted) and its visible columns in
 * their order, headed by their labels. Cells are each column's meta.exportValue, else its plain value.
 */
export function tableToCsv<TData>(table: Table<TData>, delimiter: CsvDelimiter): { text: string; rows: number } {
  const columns = table.getVisibleLeafColumns();
  const rows = table.getRowModel().rows;
  const header = columns.map((column) => columnLabel(column));
  const body = rows.map((row) =>
    columns.map((column) => {
      const value = row.getValue(column.id);
      const exportValue = column.columnDef.meta?.exportValue;
      return exportValue ? exportValue(row.original, value) : plainValue(value);
    }),
  );
  return { text: toCsv(header, body, delimiter), rows: rows.length };
}
