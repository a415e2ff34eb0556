import { flexRender, type Row } from '@tanstack/react-table';
import { cellClassName, pinnedStyle } from './column-layout';

/** The cells of one body row; a column marked isRowHeader gives <th scope="row">. */
export function DataTableRowCells<TData>({ row }: { row: Row<TData> }) {
  return row.getVisibleCells().map((cell) => {
    const content = flexRender(cell.column.columnDef.cell, cell.getContext());
    const className = cellClassName(cell.column) || undefined;
    const style = pinnedStyle(cell.column);
    return cell.column.columnDef.meta?.isRowHeader ? (
      <th key={cell.id} scope="row" className={className} style={style}>
        {content}
      </th>
    ) : (
      <td key={cell.id} className={className} style={style}>
        {content}
      </td>
    );
  });
}
