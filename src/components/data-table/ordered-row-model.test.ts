import { createTable, type ColumnDef, type Table, type TableOptionsResolved } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { getOrderedRowModel } from './ordered-row-model';
import { getReusingCoreRowModel } from './reusing-core-row-model';

interface Item {
  id: number;
}

const columns: Array<ColumnDef<Item>> = [{ id: 'id', accessorFn: (row) => row.id }];

function tableShowing(data: Item[], rowsShown: Item[]): Table<Item> {
  const options: TableOptionsResolved<Item> = {
    data,
    columns,
    getCoreRowModel: getReusingCoreRowModel<Item>(),
    getSortedRowModel: getOrderedRowModel<Item>(),
    meta: { rowsShown },
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  };
  const table = createTable(options);
  table.setOptions((previous) => ({ ...previous, state: table.initialState }));
  return table;
}

describe('getOrderedRowModel', () => {
  it('shows the rows shown, in their order, as the core rows, making only those read', () => {
    const data = Array.from({ length: 10_000 }, (_, index) => ({ id: index + 1 }));
    const shown = [...data].reverse().filter((item) => item.id % 2 === 0);
    const table = tableShowing(data, shown);
    const { rows } = table.getRowModel();
    expect(rows).toHaveLength(5_000);
    expect(rows[0]?.original).toBe(data[9_999]);
    expect(rows[0]).toBe(table.getCoreRowModel().rows[9_999]);
    // One ordered row read, one core row made.
    expect(Object.keys(table.getCoreRowModel().rows)).toEqual(['9999']);
    expect(rows.slice(0, 3).map((row) => row.original.id)).toEqual([10_000, 9_998, 9_996]);
    expect(rows.at(-1)?.original.id).toBe(2);
  });

  it('leaves out an item that is not in the data', () => {
    const data = [{ id: 1 }, { id: 2 }];
    const table = tableShowing(data, [{ id: 3 }, data[1] as Item]);
    expect(table.getRowModel().rows.map((row) => row.original.id)).toEqual([2]);
  });
});
