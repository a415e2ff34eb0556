import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { clearToken } from '@/lib/token-store';

/**
 * Why the user is on the sign-in screen. Kept in sessionStorage so the reason survives the re-render
 * that the sign-out causes, and disappears with the tab.
 */
const REASON_KEY = 'course-stats.signed-out-reason';
export type SignOutReason = 'rejected';

export function readSignOutReason(): SignOutReason | null {
  try {
    return window.sessionStorage.getItem(REASON_KEY) === 'rejected' ? 'rejected' : null;
  } catch {
    return null;
  }
}

export function clearSignOutReason(): void {
  try {
    window.sessionStorage.removeItem(REASON_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

export function signOut(queryClient: QueryClient, reason?: SignOutReason): void {
  clearToken();
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
  if (reason) {
    try {
      window.sessionStorage.setItem(REASON_KEY, reason);
    } catch {
      // without storage the alert is simply not shown
    }
  }
}

/** The app-wide reaction to a 401 on any call: sign out and say why. 403 stays on screen as an error. */
export function isTokenRejection(error: unknown): boolean {
  return isApiError(error) && error.detail.kind === 'unauthorized' && error.detail.status === 401;
}
