import { QueryClient } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/testing/api-handlers';
import { courseStatWire } from '@/testing/fixtures';
import { fetchCourseStats } from './fetch-list';
import { ApiError, type ApiErrorDetail } from './api-error';
import { queryClientDefaults, retryDelay, shouldRetry } from './query-client';
import { MAX_RATE_LIMITED_RETRIES, MAX_TRANSIENT_RETRIES, MAX_WAIT_MS, MIN_WAIT_MS } from './retry-policy';

const error = (detail: ApiErrorDetail) => new ApiError(detail);

describe('shouldRetry', () => {
  it.each<ApiErrorDetail>([
    { kind: 'network', message: 'down' },
    { kind: 'timeout', timeoutMs: 15_000 },
    { kind: 'server', status: 503, message: null },
  ])('retries $kind up to three times', (detail) => {
    expect(shouldRetry(0, error(detail))).toBe(true);
    expect(shouldRetry(MAX_TRANSIENT_RETRIES - 1, error(detail))).toBe(true);
    expect(shouldRetry(MAX_TRANSIENT_RETRIES, error(detail))).toBe(false);
  });

  it('waits out a 429 more often than a transient failure', () => {
    const limited = error({ kind: 'rate_limited', status: 429, retryAfterMs: 1000, message: null });
    expect(shouldRetry(0, limited)).toBe(true);
    expect(shouldRetry(MAX_RATE_LIMITED_RETRIES - 1, limited)).toBe(true);
    expect(shouldRetry(MAX_RATE_LIMITED_RETRIES, limited)).toBe(false);
  });

  it.each<ApiErrorDetail>([
    { kind: 'unauthorized', status: 401, message: null },
    { kind: 'unauthorized', status: 403, message: null },
    { kind: 'not_found', status: 404, message: null },
    { kind: 'bad_request', status: 400, message: null },
    { kind: 'invalid_response', status: 200, reason: 'x' },
  ])('never retries $kind ($status)', (detail) => {
    expect(shouldRetry(0, error(detail))).toBe(false);
  });

  it('never retries errors that are not API errors', () => {
    expect(shouldRetry(0, new TypeError('bug'))).toBe(false);
  });
});

describe('retryDelay', () => {
  const serverError = error({ kind: 'server', status: 500, message: null });

  it('grows exponentially with jitter inside the bounds, never under 1 s', () => {
    expect(retryDelay(0, serverError, () => 0)).toBe(MIN_WAIT_MS);
    expect(retryDelay(0, serverError, () => 1)).toBe(MIN_WAIT_MS);
    expect(retryDelay(2, serverError, () => 0)).toBe(1200);
    expect(retryDelay(2, serverError, () => 1)).toBe(2400);
    expect(retryDelay(2, serverError, () => 0)).toBeGreaterThan(retryDelay(0, serverError, () => 1));
  });

  it('varies between calls (jitter) so clients do not retry in lockstep', () => {
    expect(retryDelay(1, serverError, () => 0.1)).not.toBe(retryDelay(1, serverError, () => 0.9));
  });

  it('waits what Retry-After says after a 429, clamped to [1 s, the stated maximum]', () => {
    const limited = (retryAfterMs: number | null) =>
      error({ kind: 'rate_limited', status: 429, retryAfterMs, message: null });
    expect(retryDelay(0, limited(4000))).toBe(4000);
    expect(retryDelay(0, limited(3_600_000))).toBe(MAX_WAIT_MS);
    expect(retryDelay(0, limited(0))).toBe(MIN_WAIT_MS);
    expect(retryDelay(0, limited(null))).toBeGreaterThanOrEqual(MIN_WAIT_MS);
  });
});

describe('the query defaults in use', () => {
  it('retries a 503 burst and then returns the rows once', async () => {
    let calls = 0;
    serveApi({
      courseStats: () => {
        calls += 1;
        return calls <= 2
          ? HttpResponse.json({ error: 'busy' }, { status: 503 })
          : HttpResponse.json([courseStatWire()]);
      },
    });
    const client = new QueryClient({
      defaultOptions: { queries: { ...queryClientDefaults?.queries, retryDelay: 1 } },
    });
    const result = await client.fetchQuery({
      queryKey: ['t'],
      queryFn: ({ signal }) => fetchCourseStats({ courseId: 1 }, { signal }),
    });
    expect(calls).toBe(3);
    expect(result.items).toHaveLength(1);
  });

  it('does not retry a 404', async () => {
    let calls = 0;
    serveApi({
      courseStats: () => {
        calls += 1;
        return HttpResponse.json({ error: 'no such course' }, { status: 404 });
      },
    });
    const client = new QueryClient({ defaultOptions: { queries: { ...queryClientDefaults?.queries, retryDelay: 1 } } });
    await expect(
      client.fetchQuery({ queryKey: ['t'], queryFn: ({ signal }) => fetchCourseStats({ courseId: 1 }, { signal }) }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });
});
