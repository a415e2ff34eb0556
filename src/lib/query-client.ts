import type { QueryClientConfig } from '@tanstack/react-query';
import { retryDecision } from './retry-policy';

/** React Query counts failures from 0; the retry policy counts the failed attempt, from 1. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return retryDecision(error, failureCount + 1).retry;
}

export function retryDelay(failureCount: number, error: unknown, random: () => number = Math.random): number {
  const decision = retryDecision(error, failureCount + 1, random);
  return decision.retry ? decision.waitMs : 0;
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
