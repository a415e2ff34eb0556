import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { isApiError } from './api-error';

export const MAX_RETRIES = 3;
export const RETRY_AFTER_CAP_MS = 30_000;
const BASE_DELAY_MS = 500;
const MAX_BACKOFF_MS = 8_000;

/** Retry only what can succeed on a second try: network, timeout, 5xx, and 429 after its wait. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES || !isApiError(error)) return false;
  switch (error.detail.kind) {
    case 'network':
    case 'timeout':
    case 'server':
    case 'rate_limited':
      return true;
    case 'unauthorized':
    case 'not_found':
    case 'bad_request':
    case 'invalid_response':
      return false;
  }
}

/** Exponential backoff with equal jitter (half fixed, half random); a 429 waits what Retry-After says, capped. */
export function retryDelay(attempt: number, error: unknown, random: () => number = Math.random): number {
  if (isApiError(error) && error.detail.kind === 'rate_limited') {
    const wait = error.detail.retryAfterMs ?? BASE_DELAY_MS * 2 ** (attempt + 1);
    return Math.min(wait, RETRY_AFTER_CAP_MS);
  }
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export const queryClientDefaults: QueryClientConfig['defaultOptions'] = {
  queries: {
    retry: shouldRetry,
    retryDelay,
    staleTime: 30_000,
    gcTime: 10 * 60_000,
    refetchOnWindowFocus: false,
  },
};

export function createQueryClient(config: Omit<QueryClientConfig, 'defaultOptions'> = {}): QueryClient {
  return new QueryClient({ ...config, defaultOptions: queryClientDefaults });
}
