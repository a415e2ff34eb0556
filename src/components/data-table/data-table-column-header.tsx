import { flexRender, type Header, type HeaderGroup, type SortingState } from '@tanstack/react-table';
import { createContext, memo, use, useId, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { columnLabel } from './column-meta';
import { cellLayout } from './data-table-row-cells';
import { nextSorting } from './sort-toggle';

const SORT_ICONS = { ascending: '▲', descending: '▼', none: '↕' } as const;

/**
 * How a sorted header describes its place among several sort keys ("Sort key 2 of 3, descending"): a feature
 * provides it in its language. Said only while more than one key sorts: aria-sort says the rest.
 */
export const SortKeyDescription = createContext(
  (rank: number, count: number, desc: boolean) => `Sort key ${rank} of ${count}, ${desc ? 'descending' : 'ascending'}`,
);

/**
 * A header cell. A sortable column holds a button named after it: a click sorts by it alone (or turns it around),
 * Shift+click or Shift+Enter adds it as the next sort key. Only the first key's header has aria-sort, as in WAI-ARIA's
 * sortable table example; with several keys each sorted header shows its rank, which its button's description says.
 */
export function DataTableColumnHeader<TData>({ header }: { header: Header<TData, unknown> }) {
  const { column } = header;
  const { table } = header.getContext();
  const descriptionId = useId();
  const describe = use(SortKeyDescription);
  const { className, style } = cellLayout(column);
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
  const direction = column.getIsSorted();
  const sort = direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;
  const rank = column.getSortIndex() + 1;
  const count = table.getState().sorting.length;
  const ranked = sort !== undefined && count > 1;

  const toggle = (multi: boolean) => {
    const { options } = table;
    table.setSorting((sorting) =>
      nextSorting(sorting, column.id, {
        multi: multi && column.getCanMultiSort(),
        max: options.maxMultiSortColCount ?? Number.POSITIVE_INFINITY,
        firstDesc: column.getFirstSortDir() === 'desc',
        removable: options.enableMultiRemove ?? true,
      }),
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter's own click may not say Shift was held: handle Shift+Enter here, and let no click follow.
    if (event.key === 'Enter' && event.shiftKey) {
      event.preventDefault();
      toggle(true);
    }
  };

  return (
    <th scope="col" aria-sort={rank === 1 ? sort : undefined} className={className} style={style}>
      <button
        type="button"
        className="data-table-sort"
        aria-describedby={ranked ? descriptionId : undefined}
        onClick={(event: MouseEvent<HTMLButtonElement>) => toggle(event.shiftKey)}
        onKeyDown={onKeyDown}
      >
        {label}
        <span className={`data-table-sort-icon is-${sort ?? 'none'}`} aria-hidden="true">
          {SORT_ICONS[sort ?? 'none']}
        </span>
        {ranked && (
          <span className="data-table-sort-rank" aria-hidden="true">
            {rank}
          </span>
        )}
      </button>
      {ranked && (
        <span id={descriptionId} hidden>
          {describe(rank, count, direction === 'desc')}
        </span>
      )}
    </th>
  );
}

interface DataTableHeadProps<TData> {
  headerGroups: Array<HeaderGroup<TData>>;
  /** Not read here: a new sort must render the headers' aria-sort and arrows again. */
  sorting: SortingState;
  /** The table's rows are not all in the DOM, so the header row says it is row 1. */
  virtual?: boolean;
}

/** The header rows. Memoised: they change with the columns and the sort, never with the scroll position. */
export const DataTableHead = memo(function DataTableHead<TData>({ headerGroups, virtual }: DataTableHeadProps<TData>) {
  return (
    <thead>
      {headerGroups.map((group) => (
        <tr key={group.id} aria-rowindex={virtual ? 1 : undefined}>
          {group.headers.map((header) => (
            <DataTableColumnHeader key={header.id} header={header} />
          ))}
        </tr>
      ))}
    </thead>
  );
}) as <TData>(props: DataTableHeadProps<TData>) => ReactNode;
