// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorDetail } from '@/lib/api-error';
import { pageFailureReason, type PageFailureReason } from './page-retry';

describe('pageFailureReason', () => {
  it.each<[ApiErrorDetail, PageFailureReason]>([
    [{ kind: 'network', message: 'Failed to fetch' }, 'connection_lost'],
    [{ kind: 'server', status: 502, message: 'The upstream API closed the connection' }, 'connection_lost'],
    [{ kind: 'server', status: 500, message: null }, 'server'],
    [{ kind: 'server', status: 503, message: null }, 'server'],
    [{ kind: 'server', status: 504, message: null }, 'timeout'],
    [{ kind: 'timeout', timeoutMs: 15_000 }, 'timeout'],
    [{ kind: 'rate_limited', status: 429, retryAfterMs: 1_000, message: null }, 'rate_limited'],
    [{ kind: 'not_found', status: 404, message: null }, 'other'],
    [{ kind: 'invalid_response', status: 200, reason: 'not an array' }, 'other'],
  ])('names %j as %s', (detail, reason) => {
    expect(pageFailureReason(new ApiError(detail))).toBe(reason);
  });

  it('names anything else "other"', () => {
    expect(pageFailureReason(new Error('boom'))).toBe('other');
    expect(pageFailureReason(null)).toBe('other');
  });
});
