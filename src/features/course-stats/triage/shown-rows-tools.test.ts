// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvFileName } from '@/lib/csv';
import { DEFAULT_SEARCH } from '../params/course-stats-search';
import { exportFileNameParts } from './shown-rows-tools';

const day = new Date(2026, 10, 25, 15, 0);
const fileName = (patch: Partial<typeof DEFAULT_SEARCH>, courseId = 101) =>
  csvFileName(exportFileNameParts(courseId, { ...DEFAULT_SEARCH, ...patch }), day);

describe('the export file name', () => {
  it('says which course and which day', () => {
    expect(fileName({})).toBe('course-101-2026-11-25.csv');
  });

  it('names the quick filters', () => {
    expect(fileName({ quick: ['overdue'] })).toBe('course-101-overdue-2026-11-25.csv');
    expect(fileName({ quick: ['not_started', 'passed_no_cert'] })).toBe(
      'course-101-not-started-passed-no-cert-2026-11-25.csv',
    );
  });

  it('names the user and session filters and the search', () => {
    expect(fileName({ userId: 5, courseSessionId: 70, q: 'Анна Смирнова', quick: ['inactive'] })).toBe(
      'course-101-user-5-session-70-inactive-search-анна-смирнова-2026-11-25.csv',
    );
  });

  it('names a page past the first, never the whole course', () => {
    expect(fileName({ page: 3 })).toBe('course-101-page-3-2026-11-25.csv');
    expect(fileName({ page: 3, all: true })).toBe('course-101-2026-11-25.csv');
  });
});
