// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { sortRows, type RowSort } from './multi-sort';

interface Row {
  id: number;
  name: string;
  score: number | null;
  group: string | null;
  done?: boolean;
}

const ids = (rows: readonly Row[]) => rows.map((row) => row.id);
const by = (value: (row: Row) => unknown, desc = false, text = false): RowSort<Row> => ({ value, text, desc });
const score = (desc = false) => by((row) => row.score, desc);
const group = (desc = false) => by((row) => row.group, desc, true);
const name = (desc = false) => by((row) => row.name, desc, true);

const row = (id: number, fields: Partial<Row> = {}): Row => ({ id, name: `n${id}`, score: 0, group: 'a', ...fields });

describe('sortRows with one key', () => {
  it('sorts numbers both ways, keeping the input order for ties', () => {
    const rows = [row(1, { score: 50 }), row(2, { score: 10 }), row(3, { score: 50 }), row(4, { score: 90 })];
    expect(ids(sortRows(rows, [score()]))).toEqual([2, 1, 3, 4]);
    expect(ids(sortRows(rows, [score(true)]))).toEqual([4, 1, 3, 2]);
  });

  it('puts rows without a value last in both directions, in their input order', () => {
    const rows = [row(1, { score: null }), row(2, { score: 3 }), row(3, { score: 1 }), row(4, { score: null })];
    expect(ids(sortRows(rows, [score()]))).toEqual([3, 2, 1, 4]);
    expect(ids(sortRows(rows, [score(true)]))).toEqual([2, 3, 1, 4]);
  });

  it('counts NaN and undefined as no value, and booleans as 0 and 1', () => {
    const rows = [row(1, { score: Number.NaN }), row(2, { score: 2 }), row(3, { done: true }), row(4, { done: false })];
    expect(ids(sortRows(rows, [score()]))).toEqual([3, 4, 2, 1]);
    expect(ids(sortRows(rows, [by((r) => r.done, true)]))).toEqual([3, 4, 1, 2]);
  });

  it('sorts text ignoring case and accents', () => {
    const rows = [
      row(1, { name: 'zoë' }),
      row(2, { name: 'Émile' }),
      row(3, { name: 'anna' }),
      row(4, { name: 'Eva' }),
    ];
    expect(ids(sortRows(rows, [name()]))).toEqual([3, 2, 4, 1]);
    expect(ids(sortRows(rows, [name(true)]))).toEqual([1, 4, 2, 3]);
  });

  it('keeps the input order without keys, and never changes its input', () => {
    const rows = [row(1, { score: 2 }), row(2, { score: 1 })];
    expect(ids(sortRows(rows, []))).toEqual([1, 2]);
    expect(sortRows(rows, [])).not.toBe(rows);
    sortRows(rows, [score()]);
    expect(ids(rows)).toEqual([1, 2]);
  });
});

describe('sortRows with several keys', () => {
  const rows = [
    row(1, { group: 'b', score: 20 }),
    row(2, { group: 'a', score: 10 }),
    row(3, { group: 'b', score: 10 }),
    row(4, { group: 'a', score: 30 }),
    row(5, { group: 'a', score: 10 }),
    row(6, { group: 'b', score: null }),
  ];

  it('breaks the first key’s ties with the second, each in its own direction', () => {
    expect(ids(sortRows(rows, [group(), score()]))).toEqual([2, 5, 4, 3, 1, 6]);
    expect(ids(sortRows(rows, [group(), score(true)]))).toEqual([4, 2, 5, 1, 3, 6]);
    expect(ids(sortRows(rows, [group(true), score()]))).toEqual([3, 1, 6, 2, 5, 4]);
  });

  it('keeps the input order where every key ties', () => {
    // 2 and 5 tie on group and score: 2 came first, and stays first both ways.
    expect(ids(sortRows(rows, [score(), group()]))).toEqual([2, 5, 3, 1, 4, 6]);
    expect(ids(sortRows(rows, [score(true), group(true)]))).toEqual([4, 1, 3, 2, 5, 6]);
  });

  it('lets a later key order the rows the first key has no value for, still after those it has', () => {
    const sparse = [
      row(1, { group: null, score: 5 }),
      row(2, { group: 'a', score: 9 }),
      row(3, { group: null, score: 1 }),
      row(4, { group: null, score: null }),
    ];
    expect(ids(sortRows(sparse, [group(), score()]))).toEqual([2, 3, 1, 4]);
    expect(ids(sortRows(sparse, [group(true), score(true)]))).toEqual([2, 1, 3, 4]);
  });

  it('uses a third key only where the first two tie', () => {
    const three = [
      row(1, { group: 'a', score: 1, name: 'c' }),
      row(2, { group: 'a', score: 1, name: 'a' }),
      row(3, { group: 'a', score: 0, name: 'z' }),
      row(4, { group: 'a', score: 1, name: 'b' }),
    ];
    expect(ids(sortRows(three, [group(), score(true), name()]))).toEqual([2, 4, 1, 3]);
  });
});
