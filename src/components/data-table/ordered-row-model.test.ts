import { createTable, type ColumnDef, type Table, type TableOptionsResolved } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { getOrderedRowModel } from './ordered-row-model';
import { getReusingCoreRowModel, rowOriginals } from './reusing-core-row-model';

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
    expect(rowOriginals(table.getRowModel())).toEqual([data[1]]);
  });

  it('gives the items of its rows, in its order, without making a row', () => {
    const data = Array.from({ length: 10_000 }, (_, index) => ({ id: index + 1 }));
    const shown = [...data].reverse().filter((item) => item.id % 3 === 0);
    const table = tableShowing(data, shown);
    const originals = rowOriginals(table.getRowModel());
    expect(originals).toEqual(shown);
    expect(Object.keys(table.getCoreRowModel().rows)).toHaveLength(0);
  });

  it('keeps no row of its own: the core model decides which rows live on', () => {
    const data = Array.from({ length: 10 }, (_, index) => ({ id: index + 1 }));
    const table = tableShowing(data, data);
    const { rows } = table.getRowModel();
    expect(rows[4]).toBe(rows[4]);
    expect(Object.keys(rows)).toHaveLength(0);
    expect(Object.keys(table.getCoreRowModel().rows)).toEqual(['4']);
  });
});
