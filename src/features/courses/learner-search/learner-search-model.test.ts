// @vitest-environment node
import type { Course } from '@contract';
import { describe, expect, it } from 'vitest';
import { parsedCourse } from '@/testing/fixtures';
import { bySearchOrder } from './learner-search-run';
import { learnerSearchCatalogs } from './strings';

function course(id: number, lastActivity: string | null, updatedAt: string | null = null): Course {
  return parsedCourse(id, { last_activity: lastActivity, updated_at: updatedAt });
}

describe('bySearchOrder', () => {
  it('puts the most recently active first, then the most recently changed, then by id; each id once', () => {
    const order = bySearchOrder([
      course(1, '2026-01-01T00:00:00Z'),
      course(2, null, '2026-11-01T00:00:00Z'),
      course(3, '2026-11-20T00:00:00Z'),
      course(4, null),
      course(3, '2020-01-01T00:00:00Z'),
      course(5, '2026-11-20T00:00:00Z'),
      course(6, null, '2026-12-01T00:00:00Z'),
    ]).map((item) => item.id);
    expect(order).toEqual([3, 5, 1, 6, 2, 4]);
  });
});

describe('status line', () => {
  it('says how many courses were checked and where the learner was found, in each language', () => {
    expect(learnerSearchCatalogs.en.progress(120, 1000, 3)).toBe('Checked 120 of 1,000 courses; found in 3');
    expect(learnerSearchCatalogs.en.progress(1, 1, 1)).toBe('Checked 1 of 1 course; found in 1');
    expect(learnerSearchCatalogs.ru.progress(120, 1000, 3)).toBe(
      'Проверено 120 из 1\u00a0000 курсов; найден в 3 курсах',
    );
    expect(learnerSearchCatalogs.ru.progress(21, 21, 1)).toBe('Проверено 21 из 21 курса; найден в 1 курсе');
  });
});
