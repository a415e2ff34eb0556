import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';
import { clearToken, isRemembered } from '@/lib/token-store';

/**
 * Where the reason for a sign-out is kept: sessionStorage, so it survives the re-render that the sign-out causes
 * and disappears with the tab. A remembered token is every tab's: when it is rejected, the reason goes to
 * localStorage too, so the other tabs, signed out with it, say why as well.
 */
const REASON_KEY = 'course-stats.signed-out-reason';
/** Why the user is on the sign-in screen. */
export type SignOutReason = 'rejected';

/** This tab's storage, then the device's; leaves out what the browser will not give (privacy mode, sandbox). */
function storages(): Array<{ shared: boolean; storage: Storage }> {
  const found: Array<{ shared: boolean; storage: Storage }> = [];
  try {
    found.push({ shared: false, storage: window.sessionStorage });
  } catch {
    // unavailable
  }
  try {
    found.push({ shared: true, storage: window.localStorage });
  } catch {
    // unavailable
  }
  return found;
}

export function readSignOutReason(): SignOutReason | null {
  for (const { storage } of storages()) {
    try {
      if (storage.getItem(REASON_KEY) === 'rejected') return 'rejected';
    } catch {
      // unreadable: as if not there
    }
  }
  return null;
}

export function clearSignOutReason(): void {
  for (const { storage } of storages()) {
    try {
      storage.removeItem(REASON_KEY);
    } catch {
      // nothing to clear
    }
  }
}

export function signOut(queryClient: QueryClient, reason?: SignOutReason): void {
  if (reason) {
    // Before the token goes: other tabs react to its removal and must find the reason already there.
    const remembered = isRemembered();
    for (const { shared, storage } of storages()) {
      if (shared && !remembered) continue;
      try {
        storage.setItem(REASON_KEY, reason);
      } catch {
        // without storage the alert is simply not shown
      }
    }
  }
  clearToken();
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
}

/** The app-wide reaction to a 401 on any call: sign out and say why. 403 stays on screen as an error. */
export function isTokenRejection(error: unknown): boolean {
  return isApiError(error) && error.detail.kind === 'unauthorized' && error.detail.status === 401;
}
