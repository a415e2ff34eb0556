import { courseStatSchema, type CourseStat } from '@contract';
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { DEFAULT_SEARCH, type CourseStatsSearch } from '../params/course-stats-search';
import { useRowsShown } from './use-rows-shown';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const rows: CourseStat[] = [
  { id: 1, score: 30, deadline: '2026-10-01T00:00:00Z' },
  { id: 2, score: 10, deadline: null },
  { id: 3, score: 20, deadline: '2026-10-02T00:00:00Z' },
].map((overrides) => courseStatSchema.parse(courseStatWire({ ...overrides, completed: false, success: false })));
const ids = (list: readonly CourseStat[]) => list.map((row) => row.id);

describe('useRowsShown', () => {
  it('a new sort reorders the rows shown and keeps the rows kept and their counts as they were', () => {
    const { result, rerender } = renderHook((search: CourseStatsSearch) => useRowsShown(rows, search, NOW), {
      initialProps: DEFAULT_SEARCH,
    });
    const before = result.current;
    expect(ids(before.shown)).toEqual([1, 2, 3]);
    expect(before.counts.overdue).toBe(2);

    rerender({ ...DEFAULT_SEARCH, sort: [{ id: 'score', desc: false }] });
    expect(ids(result.current.shown)).toEqual([2, 3, 1]);
    // The same rows: what is computed over them (counts, the summary, the overview) is not computed again.
    expect(result.current.kept).toBe(before.kept);
    expect(result.current.counts).toBe(before.counts);
  });

  it('a quick filter changes which rows are kept, in the order loaded, and the sort still applies', () => {
    const { result } = renderHook(() =>
      useRowsShown(rows, { ...DEFAULT_SEARCH, quick: ['overdue'], sort: [{ id: 'score', desc: true }] }, NOW),
    );
    expect(ids(result.current.kept)).toEqual([1, 3]);
    expect(ids(result.current.shown)).toEqual([1, 3]);
    expect(result.current.narrowed).toBe(true);
  });
});
