import { type ColumnDef, type SortingState } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
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

function Harness() {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useDataTable({
    data: items,
    columns,
    state: { sorting, columnPinning: { left: ['name'] } },
    onSortingChange: setSorting,
    sortDescFirst: false,
  });
  return <VirtualDataTable table={table} label="Items" />;
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

  it('sorts from the header over every row, not only those rendered', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Number' }));
    await user.click(screen.getByRole('button', { name: 'Number' }));
    expect(screen.getByRole('columnheader', { name: /Number/ })).toHaveAttribute('aria-sort', 'descending');
    expect(within(renderedRows()[0] ?? document.body).getByRole('rowheader')).toHaveTextContent('Item 5000');
  });
});
