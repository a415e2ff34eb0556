import type { SortingState } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { nextSorting, type SortToggleOptions } from './sort-toggle';

const plain: SortToggleOptions = { multi: false, max: 3, firstDesc: false, removable: true };
const shift: SortToggleOptions = { ...plain, multi: true };

const asc = (id: string) => ({ id, desc: false });
const desc = (id: string) => ({ id, desc: true });

describe('nextSorting', () => {
  it('sorts by one column with a plain click, turning the first key around', () => {
    expect(nextSorting([], 'score', plain)).toEqual([asc('score')]);
    expect(nextSorting([asc('score')], 'score', plain)).toEqual([desc('score')]);
    expect(nextSorting([desc('score')], 'score', plain)).toEqual([asc('score')]);
    expect(nextSorting([asc('score')], 'name', plain)).toEqual([asc('name')]);
    expect(nextSorting([], 'score', { ...plain, firstDesc: true })).toEqual([desc('score')]);
  });

  it('drops the other keys on a plain click; a former later key starts afresh', () => {
    const three: SortingState = [desc('progress'), asc('name'), desc('score')];
    expect(nextSorting(three, 'progress', plain)).toEqual([asc('progress')]);
    expect(nextSorting(three, 'score', plain)).toEqual([asc('score')]);
    expect(nextSorting(three, 'deadline', plain)).toEqual([asc('deadline')]);
  });

  it('adds a column as the next key with Shift, keeping the keys before it', () => {
    expect(nextSorting([], 'progress', shift)).toEqual([asc('progress')]);
    expect(nextSorting([desc('progress')], 'name', shift)).toEqual([desc('progress'), asc('name')]);
    expect(nextSorting([desc('progress'), asc('name')], 'score', shift)).toEqual([
      desc('progress'),
      asc('name'),
      asc('score'),
    ]);
  });

  it('replaces the last key past the limit, so the first keys stay', () => {
    const full: SortingState = [desc('progress'), asc('name'), asc('score')];
    expect(nextSorting(full, 'deadline', shift)).toEqual([desc('progress'), asc('name'), asc('deadline')]);
    expect(nextSorting([asc('a')], 'b', { ...shift, max: 1 })).toEqual([asc('b')]);
  });

  it('turns a key around with Shift in place, then takes it out', () => {
    const two: SortingState = [asc('progress'), asc('name')];
    const turned = nextSorting(two, 'progress', shift);
    expect(turned).toEqual([desc('progress'), asc('name')]);
    expect(nextSorting(turned, 'progress', shift)).toEqual([asc('name')]);
    expect(nextSorting(turned, 'progress', { ...shift, removable: false })).toEqual([asc('progress'), asc('name')]);
  });
});
