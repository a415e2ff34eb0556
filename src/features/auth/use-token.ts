import { useSyncExternalStore } from 'react';
import { getToken, subscribeToken } from '@/lib/token-store';

/** The current token, re-rendering when it changes (sign-in, sign-out, another tab). */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, getToken, () => null);
}
