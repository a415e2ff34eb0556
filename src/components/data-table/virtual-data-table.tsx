import { createRow, type Column, type Table } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  type CSSProperties,
  type ReactNode,
  type Ref,
} from 'react';
import { INITIAL_RECT, observeRectAfterLayout, scrollOnceMounted } from '../virtual-scroll';
import { DataTableHead } from './data-table-column-header';
import { cellLayout, rowIdOf, RowCells, type CellLayout } from './data-table-row-cells';
import { TableScrollRegion } from './table-scroll-region';
import './data-table.css';

export interface VirtualDataTableHandle {
  /** Brings a row into view (it may not be rendered before that). */
  scrollToIndex: (index: number) => void;
}

export interface VirtualDataTableProps<TData> {
  /** Its headers, columns, sort and pinning; its row models are not read (see `rows`). */
  table: Table<TData>;
  /**
   * The rows to show, in order: the feature's own filtered and sorted list. Only the rows in view become TanStack
   * row objects, each for as long as it is rendered, so a list of 50,000 costs what a screen of it costs.
   */
  rows: readonly TData[];
  /** Names the scroll region and the table's caption. */
  label: string;
  caption?: ReactNode;
  busy?: boolean;
  /** Every body row is this tall, in CSS pixels; the stylesheet holds rows to it. */
  rowHeight?: number;
  handleRef?: Ref<VirtualDataTableHandle>;
  /** Told the index of the last row rendered whenever it changes: a list read in pages reads on near its end. */
  onRenderedEnd?: (lastIndex: number) => void;
}

/** Rows rendered past each edge of the view: enough for Tab to reach the next row; more slow a fast scroll. */
const OVERSCAN = 3;
/** Column width where a column's meta gives none, in rem. */
const DEFAULT_COLUMN_WIDTH = 9;

/**
 * A table for thousands of rows: only the rows in view (and a few either side) are in the DOM, between two spacer rows
 * that keep the scroll height. A real <table> still: a sticky header row, sticky pinned columns, and aria-rowcount /
 * aria-rowindex placing each row. Fixed row height and column widths: nothing shifts as rows come and go.
 */
export function VirtualDataTable<TData>({
  table,
  rows,
  label,
  caption,
  busy = false,
  rowHeight = 44,
  handleRef,
  onRenderedEnd,
}: VirtualDataTableProps<TData>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const columns = table.getVisibleLeafColumns();
  const { columnPinning, sorting } = table.getState();
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollOnceMounted,
  });
  useImperativeHandle(
    handleRef,
    () => ({ scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) }),
    [virtualizer],
  );

  const items = virtualizer.getVirtualItems();
  // Rows are keyed by slot, not by row: a row scrolling out hands its elements to the one scrolling in, which updates
  // their text; a fast scroll otherwise made and dropped hundreds of elements a frame, and collecting them stalled
  // frames. Indexes modulo a number at least the rows rendered never share a slot; it only grows, so a shorter range
  // keeps them.
  const slotCount = useRef(0);
  slotCount.current = Math.max(slotCount.current, items.length);
  const slots = slotCount.current;
  // Focus must not move with a slot to another row: if its row scrolls out, the scroll region takes it, pre-paint.
  const focusedRowId = useRef<string | null>(null);
  const idOf = (index: number) => {
    const item = rows[index];
    return item === undefined ? undefined : rowIdOf(table, item, index);
  };
  const renderedIds = items.map((item) => idOf(item.index));
  useLayoutEffect(() => {
    const focused = focusedRowId.current;
    if (focused !== null && !renderedIds.includes(focused)) {
      focusedRowId.current = null;
      scrollRef.current?.focus({ preventScroll: true });
    }
  });
  const lastRendered = items[items.length - 1]?.index;
  useEffect(() => {
    if (lastRendered !== undefined) onRenderedEnd?.(lastRendered);
  }, [lastRendered, onRenderedEnd]);
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0));
  // Pinning changes the cells' classes and offsets: a new pinning renders the rows again.
  const layouts = useMemo(() => columns.map((column) => cellLayout(column, columnPinning)), [columns, columnPinning]);
  const widths = columns.map((column) => column.columnDef.meta?.width ?? DEFAULT_COLUMN_WIDTH);
  const tableStyle = {
    width: `${widths.reduce((sum, width) => sum + width, 0)}rem`,
    // The stylesheet holds every body row to this height, so the rows need no style of their own.
    '--data-table-row-height': `${rowHeight}px`,
  } as CSSProperties;

  return (
    <TableScrollRegion ref={scrollRef} className="is-virtual" label={label} busy={busy}>
      <table className="data-table is-virtual" aria-rowcount={rows.length + 1} style={tableStyle}>
        <caption className="visually-hidden">{caption ?? label}</caption>
        <colgroup>
          {columns.map((column, index) => (
            <col key={column.id} style={{ width: `${widths[index] ?? DEFAULT_COLUMN_WIDTH}rem` }} />
          ))}
        </colgroup>
        <DataTableHead headerGroups={table.getHeaderGroups()} sorting={sorting} virtual />
        <tbody
          onFocus={(event) => {
            focusedRowId.current = event.target.closest('tr')?.dataset.rowId ?? null;
          }}
          onBlur={(event) => {
            if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
              focusedRowId.current = null;
            }
          }}
        >
          {before > 0 && (
            <tr className="data-table-spacer" aria-hidden="true">
              <td colSpan={columns.length} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const original = rows[item.index];
            if (original === undefined) return null;
            return (
              <VirtualRow
                key={item.index % slots}
                table={table}
                original={original}
                index={item.index}
                columns={columns}
                layouts={layouts}
              />
            );
          })}
          {after > 0 && (
            <tr className="data-table-spacer" aria-hidden="true">
              <td colSpan={columns.length} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </TableScrollRegion>
  );
}

interface VirtualRowProps<TData> {
  table: Table<TData>;
  original: TData;
  /** Its place in the list (aria-rowindex is this plus 2: the header is row 1). */
  index: number;
  /** The visible columns; a new list (visibility, language) renders the cells again. */
  columns: Array<Column<TData, unknown>>;
  /** How each column's cells look (cellLayout). */
  layouts: readonly CellLayout[];
}

/**
 * One body row, memoised: scrolling renders the table on every scroll event, and most rows stay the same between
 * two, so only those coming into range render. Its TanStack row object is made for this render and dropped with it.
 */
const VirtualRow = memo(function VirtualRow<TData>({
  table,
  original,
  index,
  columns,
  layouts,
}: VirtualRowProps<TData>) {
  const row = createRow(table, rowIdOf(table, original, index), original, index, 0);
  return (
    <tr aria-rowindex={index + 2} data-row-id={row.id}>
      <RowCells table={table} row={row} columns={columns} layouts={layouts} />
    </tr>
  );
}) as <TData>(props: VirtualRowProps<TData>) => ReactNode;
