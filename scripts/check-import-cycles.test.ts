import { describe, expect, it } from 'vitest';
import { findCycles } from './check-import-cycles';

describe('findCycles', () => {
  it('finds a cycle of three and a self-import, and nothing in a tree', () => {
    const graph = new Map<string, string[]>([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c'], ['e']]);
  });

  it('finds nothing in an acyclic graph', () => {
    expect(
      findCycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });
});
