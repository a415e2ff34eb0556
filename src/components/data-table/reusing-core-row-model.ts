import { createRow, memo, type Row, type RowData, type RowModel, type Table } from '@tanstack/react-table';

/** `property` as an index of an array of `length`, or -1. */
function indexIn(property: string | symbol, length: number): number {
  if (typeof property !== 'string') return -1;
  const index = Number(property);
  return Number.isInteger(index) && index >= 0 && index < length && String(index) === property ? index : -1;
}

/**
 * An array of `length` whose items are made on first read, and then kept: `made` shows which are made so far,
 * without making any. Everything an array offers works on it (length, indexes, iteration, map, slice, ...).
 */
export function lazyArray<T>(length: number, make: (index: number) => T): { items: T[]; made: ReadonlyArray<T> } {
  const made: T[] = new Array<T>(length);
  const items = new Proxy(made, {
    get(target, property, receiver) {
      const index = indexIn(property, length);
      if (index === -1) return Reflect.get(target, property, receiver);
      let item = target[index];
      if (item === undefined) {
        item = make(index);
        target[index] = item;
      }
      return item;
    },
    // Array methods skip the indexes an array does not have; these are all there, made or not.
    has: (target, property) => indexIn(property, length) !== -1 || Reflect.has(target, property),
  });
  return { items, made };
}

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

/**
 * The core row model, its rows made when first read and kept where their item stays. TanStack's own builds every
 * row object whenever `data` changes, each with its own methods and caches: for 10,000 rows, the bulk of a render,
 * in one piece. Here a row is made when something reads it (the rows a virtualised table shows, an export), and a
 * row made before is reused when the item at its index is the same object and the columns are the same (a row
 * caches its values per column). A list that grows (whole-course mode hands its rows over as pages come in) then
 * costs what is shown, not a row object per row loaded. For flat lists: a table with getSubRows keeps TanStack's own.
 */
export function getReusingCoreRowModel<TData extends RowData>(): (table: Table<TData>) => () => RowModel<TData> {
  return (table) => {
    let previous: { made: ReadonlyArray<Row<TData>>; columns: unknown } | null = null;
    return memo(
      () => [table.options.data, table.options.columns],
      (data, columns) => {
        const kept = previous !== null && previous.columns === columns ? previous.made : null;
        const rows = lazyArray<Row<TData>>(data.length, (index) => {
          const original = data[index] as TData;
          const old = kept?.[index];
          return old && old.original === original
            ? old
            : createRow(table, table._getRowId(original, index), original, index, 0);
        });
        previous = { made: rows.made, columns };
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
