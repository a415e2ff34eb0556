import { describe, expect, it } from 'vitest';
import { withFirstSortKey } from './cards-sort';

const asc = (id: string) => ({ id, desc: false });
const desc = (id: string) => ({ id, desc: true });

describe('withFirstSortKey', () => {
  it('makes the chosen column the first key and keeps the others after it', () => {
    expect(withFirstSortKey([asc('username'), desc('score')], 'progress', true, 3)).toEqual([
      desc('progress'),
      asc('username'),
      desc('score'),
    ]);
  });

  it('moves a column already sorting to the front instead of naming it twice', () => {
    expect(withFirstSortKey([asc('username'), desc('score')], 'score', false, 3)).toEqual([
      asc('score'),
      asc('username'),
    ]);
  });

  it('keeps at most the allowed number of keys, dropping the last', () => {
    expect(withFirstSortKey([asc('a'), asc('b'), asc('c')], 'd', false, 3)).toEqual([asc('d'), asc('a'), asc('b')]);
  });

  it('turns the first key around when it is chosen again in the other direction', () => {
    expect(withFirstSortKey([asc('progress'), asc('username')], 'progress', true, 3)).toEqual([
      desc('progress'),
      asc('username'),
    ]);
  });
});
