import type { Table } from '@tanstack/react-table';
import {
  observeElementRect,
  useVirtualizer,
  type Rect,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { useImperativeHandle, useRef, type CSSProperties, type ReactNode, type Ref } from 'react';
import { DataTableColumnHeader } from './data-table-column-header';
import { DataTableRowCells } from './data-table-row-cells';
import './data-table.css';

export interface VirtualDataTableHandle {
  /** Brings a row into view (it may not be rendered before that). */
  scrollToIndex: (index: number) => void;
}

export interface VirtualDataTableProps<TData> {
  table: Table<TData>;
  /** Names the scroll region and the table's caption. */
  label: string;
  caption?: ReactNode;
  busy?: boolean;
  /** Every body row is this tall, in CSS pixels; the stylesheet holds rows to it. */
  rowHeight?: number;
  overscan?: number;
  /** Column width where a column's meta gives none, in rem. */
  defaultColumnWidth?: number;
  handleRef?: Ref<VirtualDataTableHandle>;
}

export const VIRTUAL_ROW_HEIGHT = 44;

/** jsdom (and an element not laid out yet) reports no height: assume a screenful so the first rows render. */
const FALLBACK_VIEWPORT_PX = 600;
const INITIAL_RECT: Rect = { width: 0, height: FALLBACK_VIEWPORT_PX };
const observeRectWithFallback: VirtualizerOptions<HTMLDivElement, Element>['observeElementRect'] = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT_PX }));

/**
 * A table for thousands of rows: only the rows in view (and a few either side) are in the DOM, between two
 * spacer rows that keep the scroll height. It stays a real <table>: the header is a sticky row, pinned columns
 * stay sticky, and aria-rowcount / aria-rowindex tell assistive technology where each rendered row sits. Rows
 * have one fixed height and columns fixed widths, so nothing shifts as rows come and go.
 */
export function VirtualDataTable<TData>({
  table,
  label,
  caption,
  busy = false,
  rowHeight = VIRTUAL_ROW_HEIGHT,
  overscan = 10,
  defaultColumnWidth = 9,
  handleRef,
}: VirtualDataTableProps<TData>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns();
  const virtualizer = useVirtualizer<HTMLDivElement, Element>({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRectWithFallback,
  });
  useImperativeHandle(handleRef, () => ({ scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }) }), [
    virtualizer,
  ]);

  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = Math.max(0, virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0));
  const widths = columns.map((column) => column.columnDef.meta?.width ?? defaultColumnWidth);
  const tableStyle: CSSProperties = { width: `${widths.reduce((sum, width) => sum + width, 0)}rem` };
  const rowStyle: CSSProperties = { height: rowHeight };

  return (
    <div
      ref={scrollRef}
      className="data-table-scroll is-virtual"
      role="region"
      aria-label={label}
      aria-busy={busy}
      tabIndex={0}
      data-busy={busy || undefined}
    >
      <table className="data-table is-virtual" aria-rowcount={rows.length + 1} style={tableStyle}>
        <caption className="visually-hidden">{caption ?? label}</caption>
        <colgroup>
          {columns.map((column, index) => (
            <col key={column.id} style={{ width: `${widths[index] ?? defaultColumnWidth}rem` }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => (
                <DataTableColumnHeader key={header.id} header={header} />
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {before > 0 && (
            <tr className="data-table-spacer" aria-hidden="true">
              <td colSpan={columns.length} style={{ height: before }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr key={row.id} aria-rowindex={item.index + 2} style={rowStyle}>
                <DataTableRowCells row={row} />
              </tr>
            );
          })}
          {after > 0 && (
            <tr className="data-table-spacer" aria-hidden="true">
              <td colSpan={columns.length} style={{ height: after }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
