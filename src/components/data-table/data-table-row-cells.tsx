import { createCell, flexRender, type Cell, type Column, type Row, type Table } from '@tanstack/react-table';
import { cellClassName, pinnedStyle } from './column-layout';

/** The cells of one body row; a column marked isRowHeader gives <th scope="row">. */
export function DataTableRowCells<TData>({ row }: { row: Row<TData> }) {
  return row.getVisibleCells().map(renderCell);
}

/**
 * The same cells for a virtualised body, made for this render only. row.getVisibleCells() keeps its cell objects on
 * the row for as long as the row lives: scrolling through 10,000 rows left some 100 MB of them on the heap, which
 * made every later garbage collection slower. Rendered rows are memoised, so these are made once per row shown.
 */
export function TransientRowCells<TData>({
  table,
  row,
  columns,
}: {
  table: Table<TData>;
  row: Row<TData>;
  columns: Array<Column<TData, unknown>>;
}) {
  return columns.map((column) => renderCell(createCell(table, row, column, column.id)));
}

function renderCell<TData>(cell: Cell<TData, unknown>) {
  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
  const className = cellClassName(cell.column) || undefined;
  const style = pinnedStyle(cell.column);
  return cell.column.columnDef.meta?.isRowHeader ? (
    <th key={cell.column.id} scope="row" className={className} style={style}>
      {content}
    </th>
  ) : (
    <td key={cell.column.id} className={className} style={style}>
      {content}
    </td>
  );
}
