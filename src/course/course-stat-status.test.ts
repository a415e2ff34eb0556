// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { courseStatStatus, effectiveProgress, isInactive, isOverdue } from './course-stat-status';

const base = { completed: false, success: false, progress: 0, progress_percent: null };

describe('courseStatStatus', () => {
  it.each([
    ['no progress, not completed', { ...base }, 'not_started'],
    ['some progress', { ...base, progress: 30 }, 'in_progress'],
    ['progress_percent wins over progress', { ...base, progress: 30, progress_percent: 0 }, 'not_started'],
    ['completed with success', { ...base, completed: true, success: true, progress: 100 }, 'passed'],
    ['success without the completed flag', { ...base, success: true, progress: 100 }, 'passed'],
    ['completed without success', { ...base, completed: true, progress: 100 }, 'not_passed'],
    ['completed without success or progress', { ...base, completed: true }, 'not_passed'],
    ['negative progress counts as none', { ...base, progress: -4 }, 'not_started'],
  ])('%s', (_name, stat, expected) => {
    expect(courseStatStatus(stat)).toBe(expected);
  });
});

describe('effectiveProgress', () => {
  it('uses progress_percent when present, else progress, held to 0..100', () => {
    expect(effectiveProgress({ progress: 30, progress_percent: 55 })).toBe(55);
    expect(effectiveProgress({ progress: 30, progress_percent: null })).toBe(30);
    expect(effectiveProgress({ progress: 250, progress_percent: null })).toBe(100);
    expect(effectiveProgress({ progress: 10, progress_percent: -3 })).toBe(0);
  });
});

describe('isOverdue', () => {
  const now = Date.parse('2026-11-13T12:00:00Z');
  it.each([
    ['past, not completed', { deadline: '2026-11-13T11:00:00Z', completed: false, success: false }, true],
    ['past with an offset', { deadline: '2026-11-13T14:30:00+03:00', completed: false, success: false }, true],
    ['future', { deadline: '2026-11-13T13:00:00Z', completed: false, success: false }, false],
    ['past but completed', { deadline: '2026-01-01T00:00:00Z', completed: true, success: false }, false],
    ['past but passed', { deadline: '2026-01-01T00:00:00Z', completed: false, success: true }, false],
    ['no deadline', { deadline: null, completed: false, success: false }, false],
  ])('%s', (_name, stat, expected) => {
    expect(isOverdue(stat, now)).toBe(expected);
  });
});

describe('isInactive', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  const day = 86_400_000;

  it('holds from 14 days without activity on, and for a learner never active', () => {
    expect(isInactive(now - 14 * day + 1, now)).toBe(false);
    expect(isInactive(now - 14 * day, now)).toBe(true);
    expect(isInactive(null, now)).toBe(true);
  });
});
