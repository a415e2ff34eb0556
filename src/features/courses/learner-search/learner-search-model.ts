import type { Course, CourseStat } from '@contract';
import { isApiError } from '@/lib/api-error';
import { parseTimestamp } from '@/lib/format';
import type { FailureDecision } from '@/lib/paced-tasks';
import { RETRY_AFTER_CAP_MS, retryDelay } from '@/lib/query-client';

/** The course statistics asked for at once per course: one learner rarely has more sessions than this in one. */
export const STATS_PER_PAGE = 100;
/** Courses asked about at once: as many as a browser opens to one host over HTTP/1.1. */
export const SEARCH_CONCURRENCY = 6;
/** A 429 is waited out this many times for one request before that course is counted as not checked. */
export const MAX_RATE_LIMITED_ATTEMPTS = 8;
/** A lost connection, a timeout or a 5xx is tried this many times before the course is counted as not checked. */
export const MAX_TRANSIENT_ATTEMPTS = 3;
/**
 * The longest Retry-After honoured as said; a longer one is waited this long and asked again (the answer then
 * says how much longer), so the screen never sits for an hour on one header.
 */
export const RETRY_AFTER_MAX_MS = 120_000;

/** The parameter of /courses that holds the learner searched for. */
export const LEARNER_PARAM = 'learner';

/** Why a course could not be checked. The first four are for good; the rest may pass, and a resume asks again. */
export type CourseFailure =
  'forbidden' | 'not_found' | 'refused' | 'unreadable' | 'rate_limited' | 'server' | 'connection' | 'timeout';

export function isLasting(failure: CourseFailure): boolean {
  return failure === 'forbidden' || failure === 'not_found' || failure === 'refused' || failure === 'unreadable';
}

export function courseFailure(error: unknown): CourseFailure {
  if (!isApiError(error)) return 'unreadable';
  const { detail } = error;
  switch (detail.kind) {
    case 'unauthorized':
      return 'forbidden';
    case 'not_found':
      return 'not_found';
    case 'bad_request':
      return 'refused';
    case 'invalid_response':
      return 'unreadable';
    case 'rate_limited':
      return 'rate_limited';
    case 'server':
      return detail.status === 502 ? 'connection' : detail.status === 504 ? 'timeout' : 'server';
    case 'network':
      return 'connection';
    case 'timeout':
      return 'timeout';
  }
}

/** The one failure that ends the whole search: the token itself was rejected (the app signs out). */
export function isTokenRejected(error: unknown): boolean {
  return isApiError(error) && error.detail.kind === 'unauthorized' && error.detail.status === 401;
}

/**
 * What a failed request does next: a 401 stops everything; a 429 holds every request for its Retry-After, then
 * asks again; a lost connection, a timeout or a 5xx is asked again after a growing wait; anything else is this
 * course's answer for good.
 */
export function failureDecision(error: unknown, attempt: number, random: () => number = Math.random): FailureDecision {
  if (isTokenRejected(error)) return { action: 'stop' };
  if (!isApiError(error)) return { action: 'skip' };
  switch (error.detail.kind) {
    case 'rate_limited': {
      if (attempt > MAX_RATE_LIMITED_ATTEMPTS) return { action: 'skip' };
      const said = error.detail.retryAfterMs;
      const waitMs = said === null ? retryDelay(attempt - 1, error, random) : Math.min(said, RETRY_AFTER_MAX_MS);
      return { action: 'retry', waitMs, pauseAll: true };
    }
    case 'server':
    case 'timeout':
    case 'network':
      if (attempt > MAX_TRANSIENT_ATTEMPTS) return { action: 'skip' };
      return {
        action: 'retry',
        waitMs: Math.min(retryDelay(attempt - 1, error, random), RETRY_AFTER_CAP_MS),
        pauseAll: false,
      };
    case 'unauthorized':
    case 'not_found':
    case 'bad_request':
    case 'invalid_response':
      return { action: 'skip' };
  }
}

/**
 * Most recently active first (a learner asked about is most likely in a course in use), then the most recently
 * changed, then by id; a course with no date goes after those with one. Each id once.
 */
export function bySearchOrder(courses: readonly Course[]): Course[] {
  const seen = new Set<number>();
  const unique = courses.filter((course) => !seen.has(course.id) && seen.add(course.id));
  const time = (value: string | null | undefined) => parseTimestamp(value) ?? Number.NEGATIVE_INFINITY;
  return unique
    .map((course) => ({ course, active: time(course.last_activity), updated: time(course.updated_at) }))
    .sort((a, b) => b.active - a.active || b.updated - a.updated || a.course.id - b.course.id)
    .map((entry) => entry.course);
}

/** The learner's rows in an answer (an API that ignored user_id would send everyone's). */
export function rowsOfLearner(rows: readonly CourseStat[], userId: number): CourseStat[] {
  return rows.filter((row) => row.user_id === userId);
}
