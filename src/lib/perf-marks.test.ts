// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { perfMark, perfMeasure } from './perf-marks';

afterEach(() => {
  performance.clearMarks();
  performance.clearMeasures();
});

describe('perf marks', () => {
  it('records marks and measures under the names given, with their detail', () => {
    perfMark('probe-start');
    perfMark('probe-end', { rows: 3 });
    perfMeasure('probe', { start: 'probe-start', end: 'probe-end', detail: { rows: 3 } });
    expect(performance.getEntriesByName('probe-start', 'mark')).toHaveLength(1);
    expect(performance.getEntriesByName('probe-end', 'mark')[0]?.toJSON()).toMatchObject({ detail: { rows: 3 } });
    expect(performance.getEntriesByName('probe', 'measure')[0]?.toJSON()).toMatchObject({ detail: { rows: 3 } });
  });

  it('measures nothing, and does not throw, from a start mark that was never set', () => {
    expect(() => perfMeasure('orphan', { start: 'never-marked' })).not.toThrow();
    expect(performance.getEntriesByName('orphan')).toEqual([]);
  });
});
