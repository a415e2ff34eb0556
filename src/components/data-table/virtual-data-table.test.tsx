import { type ColumnDef, type SortingState, type VisibilityState } from '@tanstack/react-table';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useDataTable } from './use-data-table';
import { VirtualDataTable } from './virtual-data-table';

interface Item {
  id: number;
  name: string;
}

const items: Item[] = Array.from({ length: 5000 }, (_, index) => ({ id: index + 1, name: `Item ${index + 1}` }));

const columns: Array<ColumnDef<Item>> = [
  { id: 'name', accessorFn: (row) => row.name, header: 'Name', meta: { isRowHeader: true, width: 12 } },
  { id: 'id', accessorFn: (row) => row.id, header: 'Number', meta: { align: 'end' } },
];

function Harness({ tableColumns = columns }: { tableColumns?: Array<ColumnDef<Item>> }) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const [pinned, setPinned] = useState(true);
  const table = useDataTable({
    data: items,
    columns: tableColumns,
    state: { sorting, columnVisibility, columnPinning: { left: pinned ? ['name'] : [] } },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setColumnVisibility,
    sortDescFirst: false,
  });
  return (
    <>
      <button type="button" onClick={() => table.getColumn('id')?.toggleVisibility()}>
        Toggle number
      </button>
      <button type="button" onClick={() => setPinned((was) => !was)}>
        Toggle pinning
      </button>
      {/* The rows in TanStack's sorted order: what a feature's own sorted list would be. */}
      <VirtualDataTable table={table} rows={table.getRowModel().rows.map((row) => row.original)} label="Items" />
    </>
  );
}

const renderedRows = () =>
  within(screen.getByRole('table', { name: 'Items' }))
    .getAllByRole('row')
    .slice(1);

describe('VirtualDataTable', () => {
  it('renders a screenful of rows in a named, focusable region, with the table’s full size for assistive technology', () => {
    render(<Harness />);
    const region = screen.getByRole('region', { name: 'Items' });
    expect(region).toHaveAttribute('tabindex', '0');
    const table = screen.getByRole('table', { name: 'Items' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    const [header] = within(table).getAllByRole('row');
    expect(header).toHaveAttribute('aria-rowindex', '1');
    const rows = renderedRows();
    // The spacer rows are hidden from assistive technology; only real rows count.
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.length).toBeLessThan(60);
    expect(rows.map((row) => row.getAttribute('aria-rowindex'))).toEqual(rows.map((_, index) => String(index + 2)));
    expect(within(rows[0] ?? table).getByRole('rowheader')).toHaveTextContent('Item 1');
    expect(table.querySelectorAll('tr[aria-hidden="true"]')).toHaveLength(1);
    // Fixed column widths: the table's width is their sum.
    expect(table.querySelector('col')).toHaveStyle({ width: '12rem' });
    expect(table).toHaveStyle({ width: '21rem' });
  });

  it('renders a column with meta.renderCell from the row, laid out like any cell, and follows a change of pinning', async () => {
    const user = userEvent.setup();
    const fromRow: Array<ColumnDef<Item>> = [
      {
        id: 'name',
        accessorFn: (row) => row.name,
        header: 'Name',
        cell: () => 'from the cell object',
        meta: {
          isRowHeader: true,
          width: 12,
          renderCell: (row) => <strong>{row.original.name} (from the row)</strong>,
        },
      },
      { id: 'id', accessorFn: (row) => row.id, header: 'Number', meta: { align: 'end' } },
    ];
    render(<Harness tableColumns={fromRow} />);
    const first = () => renderedRows()[0] ?? document.body;
    const header = within(first()).getByRole('rowheader');
    expect(header).toHaveTextContent('Item 1 (from the row)');
    expect(header).not.toHaveTextContent('from the cell object');
    expect(header).toHaveClass('is-pinned', 'is-pinned-left');
    expect(header).toHaveStyle({ left: '0px' });
    expect(within(first()).getByRole('cell')).toHaveClass('align-end');
    // A column without renderCell still renders through its cell (here the accessor's value).
    expect(within(first()).getByRole('cell')).toHaveTextContent('1');

    await user.click(screen.getByRole('button', { name: 'Toggle pinning' }));
    expect(within(first()).getByRole('rowheader')).not.toHaveClass('is-pinned');
    expect(within(first()).getByRole('rowheader').style.left).toBe('');
    await user.click(screen.getByRole('button', { name: 'Toggle pinning' }));
    expect(within(first()).getByRole('rowheader')).toHaveClass('is-pinned-left');
  });

  it('sorts from the header over every row, not only those rendered', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Number' }));
    await user.click(screen.getByRole('button', { name: 'Number' }));
    expect(screen.getByRole('columnheader', { name: /Number/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(renderedRows()[0] ?? document.body).getByRole('rowheader')).toHaveTextContent('Item 5000');
  });
});

describe('VirtualDataTable while scrolling', () => {
  it('renders only the rows that come into range, not every row in view again', () => {
    const rendered: number[] = [];
    const counting: Array<ColumnDef<Item>> = [
      {
        id: 'name',
        accessorFn: (row) => row.name,
        header: 'Name',
        cell: ({ row }) => {
          rendered.push(row.original.id);
          return row.original.name;
        },
        meta: { isRowHeader: true },
      },
      ...columns.slice(1),
    ];
    render(<Harness tableColumns={counting} />);
    const shownBefore = renderedRows().length;
    rendered.length = 0;

    // Five rows further down: five rows come into range at the end, as many leave at the top.
    const region = screen.getByRole('region', { name: 'Items' });
    act(() => {
      region.scrollTop = 5 * 44;
      fireEvent.scroll(region);
    });
    const rows = renderedRows();
    expect(rows.length).toBe(shownBefore + 3);
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThanOrEqual(8);
    // The rows rendered are the new ones; the first rendered row is the one three above the view (the overscan).
    expect(rows[0]).toHaveAttribute('aria-rowindex', '4');
    expect(new Set(rendered).size).toBe(rendered.length);
    expect(Math.min(...rendered)).toBeGreaterThan(shownBefore - 3);
  });

  it('hands the elements of rows scrolling out to the rows scrolling in, each showing its own row', () => {
    render(<Harness />);
    const region = screen.getByRole('region', { name: 'Items' });
    act(() => {
      region.scrollTop = 5 * 44;
      fireEvent.scroll(region);
    });
    const before = new Set(renderedRows());
    act(() => {
      region.scrollTop = 12 * 44;
      fireEvent.scroll(region);
    });
    const rows = renderedRows();
    // Seven rows further: no element is new; those that left the top now show the rows at the bottom.
    expect(rows.filter((row) => !before.has(row))).toEqual([]);
    expect(rows[0]).toHaveAttribute('aria-rowindex', '11');
    for (const row of rows) {
      const index = Number(row.getAttribute('aria-rowindex'));
      expect(within(row).getByRole('rowheader')).toHaveTextContent(`Item ${index - 1}`);
      expect(within(row).getByRole('cell')).toHaveTextContent(String(index - 1));
    }
  });

  it('never leaves focus on another learner’s row: focus follows its row, and goes to the region once it is out', () => {
    const withButtons: Array<ColumnDef<Item>> = [
      {
        id: 'name',
        accessorFn: (row) => row.name,
        header: 'Name',
        cell: ({ row }) => <button type="button">{row.original.name}</button>,
        meta: { isRowHeader: true },
      },
    ];
    render(<Harness tableColumns={withButtons} />);
    const region = screen.getByRole('region', { name: 'Items' });
    const item8 = screen.getByRole('button', { name: 'Item 8' });
    act(() => item8.focus());

    // Still in range: the focused button still shows its row.
    act(() => {
      region.scrollTop = 4 * 44;
      fireEvent.scroll(region);
    });
    expect(document.activeElement).toHaveTextContent('Item 8');

    // Out of range: its elements now show another row, and focus is not left on them.
    act(() => {
      region.scrollTop = 40 * 44;
      fireEvent.scroll(region);
    });
    expect(screen.queryByRole('button', { name: 'Item 8' })).not.toBeInTheDocument();
    expect(document.activeElement).toBe(region);
  });

  it('shows and hides a column in the rows already rendered', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const firstRow = () => renderedRows()[0] ?? document.body;
    expect(within(firstRow()).getAllByRole('cell')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Toggle number' }));
    expect(within(firstRow()).queryAllByRole('cell')).toHaveLength(0);
    expect(screen.queryByRole('columnheader', { name: 'Number' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Toggle number' }));
    expect(within(firstRow()).getByRole('cell')).toHaveTextContent('1');
  });
});
