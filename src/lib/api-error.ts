import type { TokenExchangeErrorCode } from '@contract';

/** Every way a call to the API can fail, as one union the UI switches on. */
export type ApiErrorDetail =
  | { kind: 'unauthorized'; status: 401 | 403; message: string | null }
  | { kind: 'not_found'; status: 404; message: string | null }
  | { kind: 'bad_request'; status: number; message: string | null }
  | { kind: 'rate_limited'; status: 429; retryAfterMs: number | null; message: string | null }
  | { kind: 'server'; status: number; message: string | null }
  | { kind: 'network'; message: string }
  | { kind: 'timeout'; timeoutMs: number }
  | { kind: 'invalid_response'; status: number; reason: string };

export class ApiError extends Error {
  constructor(readonly detail: ApiErrorDetail) {
    super(summarize(detail));
    this.name = 'ApiError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function summarize(detail: ApiErrorDetail): string {
  switch (detail.kind) {
    case 'network':
      return `network: ${detail.message}`;
    case 'timeout':
      return `timeout after ${detail.timeoutMs} ms`;
    case 'invalid_response':
      return `invalid response (HTTP ${detail.status}): ${detail.reason}`;
    default:
      return `${detail.kind} (HTTP ${detail.status})${detail.message ? `: ${detail.message}` : ''}`;
  }
}

/**
 * What the API (or our server before it) said in its own words, in whatever language: a detail beside our explanation.
 * Null when it said nothing, or gave no answer (connection lost, timeout) or none we could read.
 */
export function apiMessage(detail: ApiErrorDetail): string | null {
  // A network failure's message is the browser's, not the API's.
  return detail.kind === 'network' || !('message' in detail) ? null : detail.message;
}

/** Thrown before any request when the caller passes values the API cannot take (a bug, not an API answer). */
export class InvalidRequestError extends Error {
  override name = 'InvalidRequestError';
}

/** An HTTP date (RFC 9110: IMF-fixdate, and the obsolete RFC 850 and asctime forms it still accepts). */
const HTTP_DATE =
  /^(?:(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;

/**
 * Retry-After is whole seconds (`^\d+$`) or an HTTP date: milliseconds from `now`, else null, as for a date not in the
 * future: `0`, `-5`, `1.5` or a past date say nothing usable (Date.parse alone would take '-5' and '1.5' for dates),
 * and the caller backs off. The retry policy clamps the result.
 */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    const seconds = Number(trimmed);
    return seconds === 0 ? null : Math.min(seconds * 1000, Number.MAX_SAFE_INTEGER);
  }
  if (!HTTP_DATE.test(trimmed)) return null;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date) || date <= now) return null;
  return date - now;
}

/** Maps an HTTP error status to the union. `message` is the server's, already extracted and scrubbed. */
export function errorForStatus(status: number, message: string | null, retryAfter: string | null): ApiErrorDetail {
  if (status === 401 || status === 403) return { kind: 'unauthorized', status, message };
  if (status === 404) return { kind: 'not_found', status, message };
  if (status === 429) return { kind: 'rate_limited', status, retryAfterMs: parseRetryAfter(retryAfter), message };
  if (status >= 500) return { kind: 'server', status, message };
  return { kind: 'bad_request', status, message };
}

/** A failed key-for-token trade, by the exchange's code (contract/oauth.ts), which alone is its message: no secret. */
export class TokenExchangeFailure extends Error {
  constructor(
    readonly code: TokenExchangeErrorCode,
    /** From Retry-After, for rate_limited. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(`token exchange failed: ${code}`);
    this.name = 'TokenExchangeFailure';
  }
}
