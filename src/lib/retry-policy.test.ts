// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorDetail } from './api-error';
import {
  failureReason,
  isLasting,
  isTokenRejected,
  MAX_RATE_LIMITED_RETRIES,
  MAX_TRANSIENT_RETRIES,
  MAX_WAIT_MS,
  MIN_WAIT_MS,
  retryDecision,
  type FailureReason,
} from './retry-policy';

const rateLimited = (retryAfterMs: number | null) =>
  new ApiError({ kind: 'rate_limited', status: 429, retryAfterMs, message: null });

describe('retryDecision', () => {
  it('never retries a rejected token or a 403; only a 401 is the token rejected', () => {
    const rejected = new ApiError({ kind: 'unauthorized', status: 401, message: null });
    const forbidden = new ApiError({ kind: 'unauthorized', status: 403, message: null });
    expect(retryDecision(rejected, 1)).toEqual({ retry: false });
    expect(isTokenRejected(rejected)).toBe(true);
    expect(retryDecision(forbidden, 1)).toEqual({ retry: false });
    expect(isTokenRejected(forbidden)).toBe(false);
    expect(isLasting(failureReason(forbidden))).toBe(true);
  });

  it('waits a 429 out for every request, as long as Retry-After says (within the bounds)', () => {
    expect(retryDecision(rateLimited(3000), 1)).toEqual({ retry: true, waitMs: 3000, slowDown: true, pauseAll: true });
    expect(retryDecision(rateLimited(3_600_000), 2)).toMatchObject({ waitMs: MAX_WAIT_MS, pauseAll: true });
    expect(retryDecision(rateLimited(0), 1)).toMatchObject({ waitMs: MIN_WAIT_MS });
    expect(retryDecision(rateLimited(null), 1, () => 0)).toMatchObject({ waitMs: MIN_WAIT_MS });
    expect(retryDecision(rateLimited(1000), MAX_RATE_LIMITED_RETRIES + 1)).toEqual({ retry: false });
    expect(isLasting(failureReason(rateLimited(1000)))).toBe(false);
  });

  it('asks again after a lost connection, a timeout or a 5xx, a few times, without holding the others', () => {
    const server = new ApiError({ kind: 'server', status: 503, message: null });
    expect(retryDecision(server, 1, () => 0)).toEqual({
      retry: true,
      waitMs: MIN_WAIT_MS,
      slowDown: true,
      pauseAll: false,
    });
    expect(retryDecision(new ApiError({ kind: 'network', message: 'down' }), 1)).toMatchObject({ slowDown: false });
    expect(retryDecision(server, MAX_TRANSIENT_RETRIES + 1)).toEqual({ retry: false });
    expect(retryDecision(new ApiError({ kind: 'not_found', status: 404, message: null }), 1)).toEqual({
      retry: false,
    });
    expect(retryDecision(new TypeError('bug'), 1)).toEqual({ retry: false });
  });
});

describe('failureReason', () => {
  it.each<[ApiErrorDetail, FailureReason]>([
    [{ kind: 'rate_limited', status: 429, retryAfterMs: null, message: null }, 'rate_limited'],
    [{ kind: 'network', message: 'offline' }, 'connection_lost'],
    [{ kind: 'server', status: 502, message: null }, 'connection_lost'],
    [{ kind: 'timeout', timeoutMs: 15_000 }, 'timeout'],
    [{ kind: 'server', status: 504, message: null }, 'timeout'],
    [{ kind: 'server', status: 503, message: null }, 'server'],
    [{ kind: 'unauthorized', status: 403, message: null }, 'forbidden'],
    [{ kind: 'not_found', status: 404, message: null }, 'not_found'],
    [{ kind: 'bad_request', status: 400, message: null }, 'refused'],
    [{ kind: 'invalid_response', status: 200, reason: 'x' }, 'unreadable'],
  ])('names %o as %s', (detail, reason) => {
    expect(failureReason(new ApiError(detail))).toBe(reason);
  });

  it('names anything that is not an API error as unreadable', () => {
    expect(failureReason(new Error('boom'))).toBe('unreadable');
    expect(failureReason(null)).toBe('unreadable');
  });
});
