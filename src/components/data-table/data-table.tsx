import type { Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { DataTableHead } from './data-table-column-header';
import { cellLayout, RowCells } from './data-table-row-cells';
import { TableScrollRegion } from './table-scroll-region';
import './data-table.css';

export interface DataTableProps<TData> {
  table: Table<TData>;
  /** Names the scroll region (keyboard users scroll it) and the table's caption. */
  label: string;
  /** Replaces the visually hidden caption, e.g. with a sort note. */
  caption?: ReactNode;
  /** Rows are shown but a newer set is loading. */
  busy?: boolean;
  /** Nothing to show yet: skeleton rows stand in. */
  loading?: boolean;
}

const SKELETON_ROWS = 5;

/** The table shell: a focusable scroll container, sticky header and pinned columns; the feature owns the rest. */
export function DataTable<TData>({ table, label, caption, busy = false, loading = false }: DataTableProps<TData>) {
  const visibleColumns = table.getVisibleLeafColumns();
  const layouts = visibleColumns.map((column) => cellLayout(column));
  return (
    <TableScrollRegion label={label} busy={busy} loading={loading}>
      <table className="data-table">
        <caption className="visually-hidden">{caption ?? label}</caption>
        <DataTableHead headerGroups={table.getHeaderGroups()} sorting={table.getState().sorting} />
        <tbody>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, rowIndex) => (
                <tr key={`skeleton-${rowIndex}`} className="data-table-skeleton-row" aria-hidden="true">
                  {visibleColumns.map((column, index) => (
                    <td key={column.id} className={layouts[index]?.className} style={layouts[index]?.style}>
                      <span className="skeleton" />
                    </td>
                  ))}
                </tr>
              ))
            : table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  <RowCells table={table} row={row} columns={visibleColumns} layouts={layouts} />
                </tr>
              ))}
        </tbody>
      </table>
    </TableScrollRegion>
  );
}
