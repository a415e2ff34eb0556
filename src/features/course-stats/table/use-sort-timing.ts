import { useEffect } from 'react';
import { perfMark, perfMeasure } from '@/lib/perf-marks';
import type { CourseStatsSort } from '../params/course-stats-search';

// Performance marks around a sort, for the benchmark: `sort-start` when the user asks for a sort (header click),
// `sort-end` once the sorted rows have been painted, and the measure `sort-to-paint` between them. Their detail
// names the sort and the number of rows.

/** The sort asked for and not painted yet. */
let pending: { sort: CourseStatsSort } | null = null;

export function markSortStart(sort: CourseStatsSort | undefined): void {
  if (!sort) return;
  pending = { sort };
  perfMark('sort-start', { sort: `${sort.id}.${sort.desc ? 'desc' : 'asc'}` });
}

/** Runs the rows-shown pipeline with a sort in it, as the measure `sort-compute` (detail: rows in). */
export function measureSortCompute<T>(rows: number, run: () => T): T {
  const start = performance.now();
  const result = run();
  perfMeasure('sort-compute', { start, detail: { rows } });
  return result;
}

/** Ends the pending mark when the rows sorted the way it asked for have been committed and painted. */
export function useSortPaintMark(sort: CourseStatsSort | undefined, sortedRows: readonly unknown[]): void {
  useEffect(() => {
    const asked = pending;
    if (!asked || !sort || asked.sort.id !== sort.id || asked.sort.desc !== sort.desc) return;
    pending = null;
    // The frame callback runs before the browser paints this commit; the task after it runs once it has.
    requestAnimationFrame(() => {
      setTimeout(() => {
        const detail = { sort: `${sort.id}.${sort.desc ? 'desc' : 'asc'}`, rows: sortedRows.length };
        perfMark('sort-end', detail);
        perfMeasure('sort-to-paint', { start: 'sort-start', end: 'sort-end', detail });
      }, 0);
    });
  }, [sort, sortedRows]);
}
