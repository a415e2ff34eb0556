import { createRow, memo, type Row, type RowData, type RowModel, type Table } from '@tanstack/react-table';

/** `property` as an index of an array of `length`, or -1. */
function indexIn(property: string | symbol, length: number): number {
  if (typeof property !== 'string') return -1;
  const index = Number(property);
  return Number.isInteger(index) && index >= 0 && index < length && String(index) === property ? index : -1;
}

/**
 * An array of `length` whose items are made on first read, and kept while they are among the last `keep` made:
 * `kept` holds those, oldest first. Everything an array offers works on it (length, indexes, iteration, map,
 * slice, ...), and its own keys are the indexes kept, so Object.keys shows them without making any. With `keep` 0
 * nothing is kept, and every read makes its item again.
 */
export function lazyArray<T>(
  length: number,
  make: (index: number) => T,
  keep = Number.POSITIVE_INFINITY,
): { items: T[]; kept: ReadonlyMap<number, T> } {
  // A Map keeps its keys in the order they were set: its first key is the item made longest ago.
  const kept = new Map<number, T>();
  const items = new Proxy(new Array<T>(length), {
    get(target, property, receiver) {
      const index = indexIn(property, length);
      if (index === -1) return Reflect.get(target, property, receiver);
      let item = kept.get(index);
      if (item === undefined) {
        item = make(index);
        if (keep > 0) {
          kept.set(index, item);
          if (kept.size > keep) kept.delete(kept.keys().next().value as number);
        }
      }
      return item;
    },
    // Array methods skip the indexes an array does not have; these are all there, made or not.
    has: (target, property) => indexIn(property, length) !== -1 || Reflect.has(target, property),
    ownKeys: (target) => [...Array.from(kept.keys(), String), ...Reflect.ownKeys(target)],
    getOwnPropertyDescriptor(target, property) {
      const index = indexIn(property, length);
      const item = index === -1 ? undefined : kept.get(index);
      return item === undefined
        ? Reflect.getOwnPropertyDescriptor(target, property)
        : { value: item, writable: true, enumerable: true, configurable: true };
    },
  });
  return { items, kept };
}

/**
 * How many row objects a core model keeps: those read last. TanStack gives every row its own methods and caches,
 * about 1 KB; scrolling through 50,000 rows kept 50 MB of them, and every later garbage collection marked it all.
 * Far more than a screen or a page of rows, so the rows on screen keep their objects (and React its memos).
 */
export const ROWS_KEPT = 1_000;

/** How the rows of a core row model are found by item, where the model can say without making them all. */
const rowLookups = new WeakMap<object, (original: unknown) => number | undefined>();

/**
 * How to find the index in `model.rows` of an item's row (undefined when the item is not in it) without making the
 * rows, when `model` is a core model made here; null for any other model, whose rows the caller must look through.
 */
export function coreRowIndex<TData extends RowData>(
  model: RowModel<TData>,
): ((original: TData) => number | undefined) | null {
  return rowLookups.get(model) ?? null;
}

/** The items of a model's rows, in its order, where the model can give them without making its rows. */
const originalsOf = new WeakMap<object, readonly unknown[]>();

/** Records the items of `model`'s rows, in their order, for rowOriginals. */
export function noteOriginals<TData extends RowData>(model: RowModel<TData>, originals: readonly TData[]): void {
  originalsOf.set(model, originals);
}

/**
 * The items of `model.rows`, in the same order: without making a row where the model is made here (its rows
 * are made when read, and only the last read are kept), else from its rows.
 */
export function rowOriginals<TData extends RowData>(model: RowModel<TData>): readonly TData[] {
  return (originalsOf.get(model) as readonly TData[] | undefined) ?? model.rows.map((row) => row.original);
}

/**
 * The core row model, its rows made when first read, the last ROWS_KEPT of them kept, and reused where their item
 * stays. TanStack's own builds every row object whenever `data` changes, each with its own methods and caches: for
 * 10,000 rows, the bulk of a render, in one piece. Here a row is made when something reads it (the rows a
 * virtualised table shows, an export), and a row still kept is reused when the item at its index is the same object
 * and the columns are the same (a row caches its values per column). A list that grows (whole-course mode hands its
 * rows over as pages come in) then costs what is shown, not a row object per row loaded, and a scroll or an export
 * through every row leaves ROWS_KEPT rows, not one per row. For flat lists: a table with getSubRows keeps
 * TanStack's own.
 */
export function getReusingCoreRowModel<TData extends RowData>(): (table: Table<TData>) => () => RowModel<TData> {
  return (table) => {
    let previous: { kept: ReadonlyMap<number, Row<TData>>; columns: unknown } | null = null;
    return memo(
      () => [table.options.data, table.options.columns],
      (data, columns) => {
        const kept = previous !== null && previous.columns === columns ? previous.kept : null;
        const rows = lazyArray<Row<TData>>(
          data.length,
          (index) => {
            const original = data[index] as TData;
            const old = kept?.get(index);
            return old && old.original === original
              ? old
              : createRow(table, table._getRowId(original, index), original, index, 0);
          },
          ROWS_KEPT,
        );
        previous = { kept: rows.kept, columns };
        // Both lookups are made on first use, with no row made for them.
        let indexById: Map<string, number> | null = null;
        let indexByOriginal: Map<unknown, number> | null = null;
        const indexOfId = (id: string | symbol) => {
          if (typeof id !== 'string') return undefined;
          indexById ??= new Map(data.map((original, index) => [table._getRowId(original, index), index]));
          return indexById.get(id);
        };
        const rowsById = new Proxy<Record<string, Row<TData>>>(
          {},
          {
            get: (_target, id) => {
              const index = indexOfId(id);
              return index === undefined ? undefined : rows.items[index];
            },
            has: (_target, id) => indexOfId(id) !== undefined,
          },
        );
        const model: RowModel<TData> = { rows: rows.items, flatRows: rows.items, rowsById };
        noteOriginals(model, data);
        rowLookups.set(model, (original) => {
          indexByOriginal ??= new Map(data.map((item, index) => [item, index]));
          return indexByOriginal.get(original);
        });
        return model;
      },
      {
        key: 'getReusingCoreRowModel',
        onChange: () => {
          table._autoResetPageIndex();
        },
      },
    );
  };
}
