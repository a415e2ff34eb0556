import { createTable, type ColumnDef, type Table, type TableOptionsResolved } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { getReusingCoreRowModel, lazyArray, rowOriginals, ROWS_KEPT } from './reusing-core-row-model';

interface Item {
  id: number;
  name: string;
}

const item = (id: number): Item => ({ id, name: `Item ${id}` });
const nameColumns: Array<ColumnDef<Item>> = [{ id: 'name', accessorFn: (row) => row.name }];
const shoutColumns: Array<ColumnDef<Item>> = [{ id: 'name', accessorFn: (row) => row.name.toUpperCase() }];

/** A table as useReactTable keeps it: one instance, its options replaced as the data changes. */
function tableOver(data: Item[], columns = nameColumns) {
  const options: TableOptionsResolved<Item> = {
    data,
    columns,
    getCoreRowModel: getReusingCoreRowModel<Item>(),
    getRowId: (row) => String(row.id),
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  };
  const table: Table<Item> = createTable(options);
  table.setOptions((previous) => ({ ...previous, state: table.initialState }));
  const update = (next: Partial<TableOptionsResolved<Item>>) => {
    table.setOptions((previous) => ({ ...previous, ...next }));
    return table.getCoreRowModel();
  };
  return { table, update };
}

describe('getReusingCoreRowModel', () => {
  it('keeps the rows of items that stay where they were when the list grows, and makes rows for the new ones', () => {
    const first = [item(1), item(2), item(3)];
    const { table, update } = tableOver(first);
    const before = table.getCoreRowModel().rows;
    expect(before.map((row) => row.id)).toEqual(['1', '2', '3']);

    const grown = update({ data: [...first, item(4), item(5)] });
    expect(grown.rows.map((row) => row.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(grown.rows.slice(0, 3)).toEqual(before);
    for (const [index, row] of before.entries()) expect(grown.rows[index]).toBe(row);
    expect(grown.rows[3]?.index).toBe(3);
    expect(grown.rows[4]?.getValue('name')).toBe('Item 5');
    expect(grown.rowsById['4']).toBe(grown.rows[3]);
    expect(grown.flatRows).toBe(grown.rows);
  });

  it('makes a new row where the item at an index is another object, even with the same content', () => {
    const first = [item(1), item(2)];
    const { table, update } = tableOver(first);
    // Read before the change: only rows made already can be kept.
    const before = [...table.getCoreRowModel().rows];
    const after = update({ data: [first[0] as Item, item(2)] }).rows;
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    // Shifted items are new rows too: a row knows its index.
    const shifted = update({ data: [item(0), ...first] }).rows;
    expect(shifted.map((row) => row.index)).toEqual([0, 1, 2]);
    expect(shifted[1]).not.toBe(before[0]);
  });

  it('makes a row only when it is read, and keeps the rows read last', () => {
    const data = Array.from({ length: 10_000 }, (_, index) => item(index + 1));
    const { table } = tableOver(data);
    const { rows, flatRows, rowsById } = table.getCoreRowModel();
    expect(rows).toHaveLength(10_000);
    expect(Array.isArray(rows)).toBe(true);
    // How many rows are kept, made and not let go (the array's own keys; reading them makes nothing).
    const kept = () => Object.keys(rows).length;
    expect(kept()).toBe(0);
    expect(rows[9_999]?.id).toBe('10000');
    expect(rowsById['5000']?.original).toBe(data[4_999]);
    expect(rowsById['5000']).toBe(rows[4_999]);
    expect(rowsById['nope']).toBeUndefined();
    expect('5000' in rowsById).toBe(true);
    expect(flatRows[9_999]).toBe(rows[9_999]);
    expect(kept()).toBe(2);
    // Every array method sees every row, made or not: map and slice read them all.
    expect(rows.slice(0, 3).map((row) => row.index)).toEqual([0, 1, 2]);
    const all = rows.map((row) => row);
    expect(all.map((row) => row.id)).toEqual(data.map((entry) => String(entry.id)));
    // Only the rows read last are kept: a pass through every row (an export, a scroll to the end) leaves
    // ROWS_KEPT row objects, not one per row.
    expect(kept()).toBe(ROWS_KEPT);
    expect(rows[9_999]).toBe(all[9_999]);
    expect(rows[10_000 - ROWS_KEPT]).toBe(all[10_000 - ROWS_KEPT]);
    // A row let go is made again when read, the same row as before but a new object.
    const again = rows[0];
    expect(again).not.toBe(all[0]);
    expect(again?.id).toBe('1');
    expect(again?.original).toBe(data[0]);
    expect(kept()).toBe(ROWS_KEPT);
  });

  it('makes every row again when the columns change, so no value comes from the old columns', () => {
    const data = [item(1), item(2)];
    const { table, update } = tableOver(data);
    const [row] = table.getCoreRowModel().rows;
    expect(row?.getValue('name')).toBe('Item 1');
    const after = update({ columns: shoutColumns }).rows;
    expect(after[0]).not.toBe(row);
    expect(after[0]?.getValue('name')).toBe('ITEM 1');
  });

  it('gives the items of its rows in order without making a row', () => {
    const data = Array.from({ length: 5_000 }, (_, index) => item(index + 1));
    const { table } = tableOver(data);
    const model = table.getCoreRowModel();
    expect(rowOriginals(model)).toBe(data);
    expect(Object.keys(model.rows)).toHaveLength(0);
  });
});

describe('lazyArray', () => {
  it('keeps the last items made, lets the oldest go, and makes an item again once let go', () => {
    const makes: number[] = [];
    const { items, kept } = lazyArray(
      10,
      (index) => {
        makes.push(index);
        return { index };
      },
      3,
    );
    const first = items[0];
    expect(items[0]).toBe(first);
    for (const index of [1, 2, 3]) expect(items[index]?.index).toBe(index);
    expect(Object.keys(items)).toEqual(['1', '2', '3']);
    expect([...kept.keys()]).toEqual([1, 2, 3]);
    // 0 was made first, so it went first; reading it makes it again and lets 1 go.
    expect(items[0]).not.toBe(first);
    expect(items[0]).toEqual(first);
    expect([...kept.keys()]).toEqual([2, 3, 0]);
    expect(makes).toEqual([0, 1, 2, 3, 0]);
    expect(items).toHaveLength(10);
    expect(items[10]).toBeUndefined();
  });

  it('keeps nothing with keep 0, and everything by default', () => {
    let count = 0;
    const none = lazyArray(4, () => ({ count: ++count }), 0);
    expect(none.items[1]).toEqual({ count: 1 });
    expect(none.items[1]).toEqual({ count: 2 });
    expect(Object.keys(none.items)).toHaveLength(0);
    const all = lazyArray(2_000, (index) => ({ index }));
    expect(all.items.map((entry) => entry.index)).toHaveLength(2_000);
    expect(all.kept.size).toBe(2_000);
    expect(all.items[0]).toBe(all.items[0]);
  });
});
