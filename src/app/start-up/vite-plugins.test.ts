import { describe, expect, it } from 'vitest';
import { planScreens } from './vite-plugins';

/** A module graph: each module's static and dynamic imports. */
const GRAPH: Record<string, { importedIds: string[]; dynamicallyImportedIds: string[] }> = {
  entry: { importedIds: ['react'], dynamicallyImportedIds: ['courses', 'stats', 'device', 'csv'] },
  react: { importedIds: [], dynamicallyImportedIds: [] },
  // Two course screens sharing a form; the statistics screen loads a chart view from within itself.
  courses: { importedIds: ['course-list', 'id-form', 'react'], dynamicallyImportedIds: [] },
  stats: { importedIds: ['table', 'id-form', 'format'], dynamicallyImportedIds: ['chart'] },
  chart: { importedIds: ['chart-lib', 'format'], dynamicallyImportedIds: [] },
  // The storage page; the CSV writer is loaded from the entry, outside every screen, and shares `escape` with it.
  device: { importedIds: ['escape'], dynamicallyImportedIds: [] },
  csv: { importedIds: ['escape'], dynamicallyImportedIds: [] },
  'course-list': { importedIds: [], dynamicallyImportedIds: [] },
  'id-form': { importedIds: [], dynamicallyImportedIds: [] },
  table: { importedIds: [], dynamicallyImportedIds: [] },
  format: { importedIds: [], dynamicallyImportedIds: [] },
  'chart-lib': { importedIds: [], dynamicallyImportedIds: [] },
  escape: { importedIds: [], dynamicallyImportedIds: [] },
};

const plan = planScreens(
  { courses: ['courses'], 'course-stats': ['stats'], device: ['device'] },
  (id) => GRAPH[id] ?? null,
  Object.keys(GRAPH),
);

describe('the screen-chunk plan', () => {
  it('puts in a screen what only it, or what loads from within it, imports', () => {
    expect(plan.screenOf.get('courses')).toBe('courses');
    expect(plan.screenOf.get('course-list')).toBe('courses');
    expect(plan.screenOf.get('table')).toBe('course-stats');
    // The chart view imports it too, but the chart view is only ever loaded from within the statistics screen.
    expect(plan.screenOf.get('format')).toBe('course-stats');
  });

  it('puts what several screens import, and nothing else, in the shared chunk, with the names of those screens', () => {
    expect(plan.shared.get('id-form')).toEqual(['courses', 'course-stats']);
    expect(plan.screenOf.has('id-form')).toBe(false);
  });

  it('leaves to the bundler what a part loaded outside the screen imports, and what a screen loads lazily', () => {
    // The CSV writer, loaded from the entry, needs `escape` whether or not the storage page has loaded.
    expect(plan.screenOf.has('escape')).toBe(false);
    expect(plan.shared.has('escape')).toBe(false);
    // The chart view stays a chunk of its own, loaded when used.
    expect(plan.screenOf.has('chart')).toBe(false);
    expect(plan.screenOf.has('chart-lib')).toBe(false);
  });
});
