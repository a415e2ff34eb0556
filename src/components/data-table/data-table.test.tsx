import { type ColumnDef, type PaginationState, type SortingState, type VisibilityState } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';
import { DataTableColumnMenu } from './data-table-column-menu';
import { DataTablePagination } from './data-table-pagination';
import { useDataTable } from './use-data-table';

interface Person {
  name: string;
  age: number;
  note: string;
}

const people: Person[] = [
  { name: 'Bea', age: 41, note: 'b' },
  { name: 'Al', age: 30, note: 'a' },
  { name: 'Cy', age: 25, note: 'c' },
];

const columns: ColumnDef<Person>[] = [
  { id: 'name', accessorFn: (row) => row.name, header: 'Name', enableHiding: false, meta: { isRowHeader: true } },
  { id: 'age', accessorFn: (row) => row.age, header: 'Age', enableHiding: false, meta: { align: 'end' } },
  { id: 'note', accessorFn: (row) => row.note, header: 'Note', enableSorting: false, meta: { label: 'Private note' } },
];

function Harness({
  lastPage = false,
  loading = false,
  data = people,
}: {
  lastPage?: boolean;
  loading?: boolean;
  data?: Person[];
}) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 10 });
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({ note: false });
  const table = useDataTable({
    data,
    columns,
    state: { sorting, pagination, columnVisibility, columnPinning: { left: ['name'] } },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    onColumnVisibilityChange: setColumnVisibility,
    manualPagination: true,
    pageCount: lastPage ? pagination.pageIndex + 1 : -1,
    enableSortingRemoval: false,
    sortDescFirst: false,
    enableMultiSort: true,
    maxMultiSortColCount: 2,
    initialState: { columnVisibility: { note: false } },
  });
  return (
    <>
      <DataTableColumnMenu table={table} label="Columns" resetLabel="Reset columns" />
      <DataTable table={table} label="People" loading={loading} />
      <DataTablePagination table={table} pageSizeOptions={[10, 25]} label="Pagination" texts={paginationTexts} />
    </>
  );
}

const paginationTexts = {
  previous: 'Previous page',
  next: 'Next page',
  page: (page: number) => `Page ${page}`,
  rowsPerPage: 'Rows per page',
  loadingPage: (page: number) => `Loading page ${page}…`,
};

const names = () =>
  within(screen.getByRole('table', { name: 'People' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('DataTable', () => {
  it('renders a focusable, named scroll region with the first column as row headers, pinned', () => {
    render(<Harness />);
    const region = screen.getByRole('region', { name: 'People' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(names()).toEqual(['Bea', 'Al', 'Cy']);
    const [firstHeader] = screen.getAllByRole('columnheader');
    expect(firstHeader).toHaveClass('is-pinned');
    expect(screen.getAllByRole('rowheader')[0]).toHaveClass('is-pinned');
  });

  it('toggles the sort direction from a header button and reports it in aria-sort', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const ageHeader = screen.getByRole('columnheader', { name: /Age/ });
    expect(ageHeader).not.toHaveAttribute('aria-sort');
    await user.click(within(ageHeader).getByRole('button', { name: 'Age' }));
    expect(ageHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['Cy', 'Al', 'Bea']);
    await user.click(within(ageHeader).getByRole('button', { name: 'Age' }));
    expect(ageHeader).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Bea', 'Al', 'Cy']);
    await user.click(within(ageHeader).getByRole('button', { name: 'Age' }));
    expect(ageHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Name/ })).not.toHaveAttribute('aria-sort');
  });

  it('adds a sort key with Shift+click, shows each key’s rank, and keeps aria-sort on the first key', async () => {
    const user = userEvent.setup();
    const data = [
      { name: 'Dee', age: 30, note: 'd' },
      { name: 'Al', age: 41, note: 'a' },
      { name: 'Cy', age: 30, note: 'c' },
      { name: 'Bo', age: 41, note: 'b' },
    ];
    render(<Harness data={data} />);
    const ageHeader = screen.getByRole('columnheader', { name: /Age/ });
    const nameHeader = screen.getByRole('columnheader', { name: /Name/ });
    await user.click(within(ageHeader).getByRole('button', { name: 'Age' }));
    await user.click(within(ageHeader).getByRole('button', { name: 'Age' }));
    // One key: no rank, aria-sort says it all.
    expect(within(ageHeader).getByRole('button')).not.toHaveAccessibleDescription();
    await user.keyboard('{Shift>}');
    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    await user.keyboard('{/Shift}');
    expect(names()).toEqual(['Al', 'Bo', 'Cy', 'Dee']);
    expect(ageHeader).toHaveAttribute('aria-sort', 'descending');
    expect(nameHeader).not.toHaveAttribute('aria-sort');
    expect(within(ageHeader).getByRole('button', { name: 'Age' })).toHaveAccessibleDescription(
      'Sort key 1 of 2, descending',
    );
    expect(within(nameHeader).getByRole('button', { name: 'Name' })).toHaveAccessibleDescription(
      'Sort key 2 of 2, ascending',
    );
    // The rank shows beside the arrow, and stays out of the column's name.
    expect(within(nameHeader).getByRole('button')).toHaveTextContent(/^Name▲2$/);

    // A plain click sorts by one column again.
    await user.click(within(nameHeader).getByRole('button', { name: 'Name' }));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(ageHeader).not.toHaveAttribute('aria-sort');
    expect(within(nameHeader).getByRole('button')).not.toHaveAccessibleDescription();
  });

  it('adds a sort key with Shift+Enter on a focused header button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('button', { name: 'Age' }).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByRole('button', { name: 'Name' })).toHaveAccessibleDescription('Sort key 2 of 2, ascending');
    expect(screen.getByRole('columnheader', { name: /Age/ })).toHaveAttribute('aria-sort', 'ascending');
    // Shift+Enter on a key turns it around, in its place.
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(screen.getByRole('button', { name: 'Name' })).toHaveAccessibleDescription('Sort key 2 of 2, descending');
  });

  it('sorts from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    screen.getByRole('button', { name: 'Name' }).focus();
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['Al', 'Bea', 'Cy']);
  });

  it('shows a column chosen in the column menu, and a non-sortable header without a button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.queryByRole('columnheader', { name: 'Private note' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    // Only hideable columns are offered.
    expect(screen.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual(['Private note']);
    await user.click(screen.getByRole('checkbox', { name: 'Private note' }));
    const noteHeader = screen.getByRole('columnheader', { name: 'Private note' });
    expect(noteHeader).not.toHaveAttribute('aria-sort');
    expect(within(noteHeader).queryByRole('button')).not.toBeInTheDocument();
    await user.click(document.body);
    expect(screen.getByRole('button', { name: 'Columns' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('goes back to the initial columns with Reset columns', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'Private note' }));
    expect(screen.getByRole('columnheader', { name: 'Private note' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset columns' }));
    expect(screen.queryByRole('columnheader', { name: 'Private note' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Private note' })).not.toBeChecked();
  });

  it('shows skeleton rows while loading, in a busy region', () => {
    render(<Harness loading />);
    const region = screen.getByRole('region', { name: 'People' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('rowheader')).not.toBeInTheDocument();
    expect(region.querySelectorAll('tbody tr')).toHaveLength(5);
  });
});

describe('DataTablePagination', () => {
  it('pages forward and back while the page count is unknown', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });

  it('disables Next on the last page', () => {
    render(<Harness lastPage />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('changes the page size from a labelled select', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    await user.selectOptions(select, '25');
    expect(select).toHaveValue('25');
    // Page 3 of 10 starts at row 21, which is on page 1 of 25.
    expect(screen.getByText('Page 1')).toBeInTheDocument();
  });
});
