import { flexRender, type Header, type SortDirection } from '@tanstack/react-table';
import { columnLabel } from './column-meta';
import { cellClassName, pinnedStyle } from './column-layout';

type AriaSort = 'ascending' | 'descending' | 'none';

function ariaSort(direction: false | SortDirection): AriaSort {
  if (direction === 'asc') return 'ascending';
  if (direction === 'desc') return 'descending';
  return 'none';
}

const SORT_ICONS: Record<AriaSort, string> = { ascending: '▲', descending: '▼', none: '↕' };

/**
 * A header cell. A sortable column holds a button named after the column that toggles the direction, and the
 * cell carries aria-sort; the arrow is decoration only.
 */
export function DataTableColumnHeader<TData>({ header }: { header: Header<TData, unknown> }) {
  const { column } = header;
  const className = cellClassName(column) || undefined;
  const style = pinnedStyle(column);
  if (header.isPlaceholder) return <th scope="col" className={className} style={style} />;
  const label = columnLabel(column);
  if (!column.getCanSort()) {
    return (
      <th scope="col" className={className} style={style}>
        {typeof column.columnDef.header === 'string' || column.columnDef.meta?.label
          ? label
          : flexRender(column.columnDef.header, header.getContext())}
      </th>
    );
  }
  const sort = ariaSort(column.getIsSorted());
  return (
    <th scope="col" aria-sort={sort} className={className} style={style}>
      <button type="button" className="data-table-sort" onClick={column.getToggleSortingHandler()}>
        {label}
        <span className={`data-table-sort-icon is-${sort}`} aria-hidden="true">
          {SORT_ICONS[sort]}
        </span>
      </button>
    </th>
  );
}
