import { isApiError, type ApiErrorDetail } from './api-error';

/**
 * The app's one retry policy, asked by React Query's defaults, the page reader and the learner search. Only what can
 * succeed on a second try is tried again: a lost connection, a timeout, a 5xx, and a 429 after its wait.
 */

/** No wait is shorter: an upstream that says `Retry-After: 0` (or nothing readable) is not asked again at once. */
export const MIN_WAIT_MS = 1_000;
/** No wait is longer: a longer Retry-After is waited this long, then asked again, so no screen sits an hour on it. */
export const MAX_WAIT_MS = 60_000;
/** A lost connection, a timeout or a 5xx is tried again this many times. */
export const MAX_TRANSIENT_RETRIES = 3;
/** A 429 is waited out this many times for one request. */
export const MAX_RATE_LIMITED_RETRIES = 8;
/** The backoff's first range: equal jitter over this, doubling with each retry (never under MIN_WAIT_MS). */
const BACKOFF_BASE_MS = 600;
const BACKOFF_CEILING_MS = 8_000;

export function clampWait(ms: number): number {
  if (!Number.isFinite(ms)) return MAX_WAIT_MS;
  return Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, Math.round(ms)));
}

/** Exponential backoff, equal jitter, `retry` from 0, in [MIN_WAIT_MS, MAX_WAIT_MS]: a third retry outwaits a first. */
export function backoffMs(retry: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_CEILING_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, retry));
  return clampWait(ceiling / 2 + random() * (ceiling / 2));
}

/** Why a request failed, as every screen names it. The first four are for good; the rest may pass. */
export type FailureReason =
  'forbidden' | 'not_found' | 'refused' | 'unreadable' | 'rate_limited' | 'server' | 'connection_lost' | 'timeout';

export function isLasting(reason: FailureReason): boolean {
  return reason === 'forbidden' || reason === 'not_found' || reason === 'refused' || reason === 'unreadable';
}

const REASONS: Record<Exclude<ApiErrorDetail['kind'], 'server'>, FailureReason> = {
  unauthorized: 'forbidden',
  not_found: 'not_found',
  bad_request: 'refused',
  invalid_response: 'unreadable',
  rate_limited: 'rate_limited',
  network: 'connection_lost',
  timeout: 'timeout',
};

/**
 * The one mapping from an error to its reason. A lost connection: no answer at all, or a gateway's 502 (it lost the
 * API); a gateway's 504 is a timeout; "the API had a problem" is for the API's own errors.
 */
export function failureReason(error: unknown): FailureReason {
  if (!isApiError(error)) return 'unreadable';
  const { detail } = error;
  if (detail.kind !== 'server') return REASONS[detail.kind];
  return detail.status === 502 ? 'connection_lost' : detail.status === 504 ? 'timeout' : 'server';
}

/** The failure that ends every reading at once: the token itself was rejected (the app signs out). */
export function isTokenRejected(error: unknown): boolean {
  return isApiError(error) && error.detail.kind === 'unauthorized' && error.detail.status === 401;
}

/** What a failed request does next, and what it asks of the requests around it. */
export type RetryDecision =
  | { retry: false }
  | {
      retry: true;
      waitMs: number;
      /** Fewer requests at once (the API is struggling or pushing back). */
      slowDown: boolean;
      /** Start no request at all until the wait is over (a 429's Retry-After speaks for the whole API). */
      pauseAll: boolean;
    };

/**
 * `attempt` counts this request's failures so far, from 1. A 429 waits what Retry-After says (whole seconds or a future
 * date, read by the client), else the backoff; every wait is clamped to [MIN_WAIT_MS, MAX_WAIT_MS].
 */
export function retryDecision(error: unknown, attempt: number, random: () => number = Math.random): RetryDecision {
  if (!isApiError(error)) return { retry: false };
  const { detail } = error;
  switch (detail.kind) {
    case 'rate_limited': {
      if (attempt > MAX_RATE_LIMITED_RETRIES) return { retry: false };
      const said = detail.retryAfterMs;
      const waitMs = said === null ? backoffMs(attempt - 1, random) : clampWait(said);
      return { retry: true, waitMs, slowDown: true, pauseAll: true };
    }
    case 'server':
    case 'timeout':
    case 'network':
      if (attempt > MAX_TRANSIENT_RETRIES) return { retry: false };
      return {
        retry: true,
        waitMs: backoffMs(attempt - 1, random),
        slowDown: detail.kind !== 'network',
        pauseAll: false,
      };
    case 'unauthorized':
    case 'not_found':
    case 'bad_request':
    case 'invalid_response':
      return { retry: false };
  }
}
