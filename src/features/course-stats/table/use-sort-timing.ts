import { useEffect } from 'react';
import { perfMark, perfMeasure } from '@/lib/perf-marks';
import { serializeSort, type CourseStatsSort } from '../params/sort-param';

// Marks around a sort, for the benchmark: `sort-start` at the header click, `sort-end` once the sorted rows are
// painted, and the measure `sort-to-paint` between, with the sort keys (as in the URL) and the row count.

/** The sort asked for and not painted yet, as the URL writes it. */
let pending: string | null = null;

export function markSortStart(sort: readonly CourseStatsSort[]): void {
  if (sort.length === 0) return;
  pending = serializeSort(sort);
  perfMark('sort-start', { sort: pending });
}

/** Runs the rows-shown pipeline with a sort in it, as the measure `sort-compute` (detail: rows in). */
export function measureSortCompute<T>(rows: number, run: () => T): T {
  const start = performance.now();
  const result = run();
  perfMeasure('sort-compute', { start, detail: { rows } });
  return result;
}

/** Ends the pending mark when the rows sorted the way it asked for have been committed and painted. */
export function useSortPaintMark(sort: readonly CourseStatsSort[], sortedRows: readonly unknown[]): void {
  const key = serializeSort(sort);
  useEffect(() => {
    if (pending === null || key === '' || pending !== key) return;
    pending = null;
    // The frame callback runs before the browser paints this commit; the task after it runs once it has.
    requestAnimationFrame(() => {
      setTimeout(() => {
        const detail = { sort: key, rows: sortedRows.length };
        perfMark('sort-end', detail);
        perfMeasure('sort-to-paint', { start: 'sort-start', end: 'sort-end', detail });
      }, 0);
    });
  }, [key, sortedRows]);
}
