// @vitest-environment node
import type { Course } from '@contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { parsedCourse } from '@/testing/fixtures';
import { bySearchOrder, courseFailure, failureDecision, isLasting, RETRY_AFTER_MAX_MS } from './learner-search-model';
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

const rateLimited = (retryAfterMs: number | null) =>
  new ApiError({ kind: 'rate_limited', status: 429, retryAfterMs, message: null });

describe('failureDecision', () => {
  it('stops the search on a 401 only; a 403 is that course’s answer', () => {
    expect(failureDecision(new ApiError({ kind: 'unauthorized', status: 401, message: null }), 1)).toEqual({
      action: 'stop',
    });
    const forbidden = new ApiError({ kind: 'unauthorized', status: 403, message: null });
    expect(failureDecision(forbidden, 1)).toEqual({ action: 'skip' });
    expect(courseFailure(forbidden)).toBe('forbidden');
    expect(isLasting(courseFailure(forbidden))).toBe(true);
  });

  it('waits a 429 out for every request, as long as Retry-After says (within a bound)', () => {
    expect(failureDecision(rateLimited(3000), 1)).toEqual({ action: 'retry', waitMs: 3000, pauseAll: true });
    expect(failureDecision(rateLimited(3_600_000), 2)).toEqual({
      action: 'retry',
      waitMs: RETRY_AFTER_MAX_MS,
      pauseAll: true,
    });
    expect(failureDecision(rateLimited(1000), 9)).toEqual({ action: 'skip' });
    expect(isLasting(courseFailure(rateLimited(1000)))).toBe(false);
  });

  it('asks again after a lost connection or a 5xx, a few times, without holding the others', () => {
    const server = new ApiError({ kind: 'server', status: 503, message: null });
    expect(failureDecision(server, 1, () => 0)).toEqual({ action: 'retry', waitMs: 250, pauseAll: false });
    expect(failureDecision(server, 4)).toEqual({ action: 'skip' });
    expect(failureDecision(new ApiError({ kind: 'not_found', status: 404, message: null }), 1)).toEqual({
      action: 'skip',
    });
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
