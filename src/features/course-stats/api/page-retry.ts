import { isApiError } from '@/lib/api-error';
import { RETRY_AFTER_CAP_MS, retryDelay } from '@/lib/query-client';

export const MAX_RETRIES_PER_PAGE = 5;

/** What a failed page does next, and what it asks of the requests around it. */
export type RetryDecision =
  | { retry: false }
  | {
      retry: true;
      waitMs: number;
      /** Halve the requests in flight. */
      slowDown: boolean;
      /** Start no request at all until the wait is over (a 429's Retry-After speaks for the whole API). */
      pauseAll: boolean;
    };

/** Retry what can succeed later: 429 (after Retry-After), 5xx and timeouts slow the load down; a network blip does not. */
export function classifyPageError(error: unknown, attempt: number, random: () => number = Math.random): RetryDecision {
  if (!isApiError(error)) return { retry: false };
  const waitMs = Math.min(retryDelay(attempt - 1, error, random), RETRY_AFTER_CAP_MS);
  switch (error.detail.kind) {
    case 'rate_limited':
      return { retry: true, waitMs, slowDown: true, pauseAll: true };
    case 'server':
    case 'timeout':
      return { retry: true, waitMs, slowDown: true, pauseAll: false };
    case 'network':
      return { retry: true, waitMs, slowDown: false, pauseAll: false };
    case 'unauthorized':
    case 'not_found':
    case 'bad_request':
    case 'invalid_response':
      return { retry: false };
  }
}

/** Why a page failed, as the screen tells it while the page waits for its retry or after the load stopped. */
export type PageFailureReason = 'rate_limited' | 'connection_lost' | 'timeout' | 'server' | 'other';

/**
 * A lost connection is named as one: a request that got no answer at all, or a gateway's 502 (our server, or
 * one in front of the API, lost its connection to the API). "The API had a problem" is kept for the API's own
 * errors.
 */
export function pageFailureReason(error: unknown): PageFailureReason {
  if (!isApiError(error)) return 'other';
  const { detail } = error;
  switch (detail.kind) {
    case 'rate_limited':
      return 'rate_limited';
    case 'network':
      return 'connection_lost';
    case 'timeout':
      return 'timeout';
    case 'server':
      if (detail.status === 502) return 'connection_lost';
      return detail.status === 504 ? 'timeout' : 'server';
    case 'unauthorized':
    case 'not_found':
    case 'bad_request':
    case 'invalid_response':
      return 'other';
  }
}
