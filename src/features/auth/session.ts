import type { QueryClient } from '@tanstack/react-query';
import { readText, removeStored, writeText, type StorageArea } from '@/lib/storage';
import { clearToken, isRemembered } from '@/lib/token-store';

/**
 * Where a sign-out's reason is kept: sessionStorage, surviving the re-render the sign-out causes, gone with the tab. A
 * remembered token is every tab's: when it is rejected the reason goes to localStorage too, so every tab says why.
 */
const REASON_KEY = 'signed-out-reason';
/** Why the user is on the sign-in screen: the API refused the token, or its known lifetime ran out. */
export type SignOutReason = 'rejected' | 'expired';
const REASONS: readonly SignOutReason[] = ['rejected', 'expired'];

/** This tab's storage first, then the device's. */
const AREAS: readonly StorageArea[] = ['session', 'local'];

export function readSignOutReason(): SignOutReason | null {
  for (const area of AREAS) {
    const stored = readText(REASON_KEY, area);
    const reason = REASONS.find((known) => known === stored);
    if (reason) return reason;
  }
  return null;
}

export function clearSignOutReason(): void {
  for (const area of AREAS) removeStored(REASON_KEY, area);
}

export function signOut(queryClient: QueryClient, reason?: SignOutReason): void {
  if (reason) {
    // Before the token goes: other tabs react to its removal and must find the reason already there.
    const remembered = isRemembered();
    // Without storage the alert is simply not shown.
    for (const area of AREAS) if (area === 'session' || remembered) writeText(REASON_KEY, reason, area);
  }
  clearToken();
  queryClient.cancelQueries().catch(() => undefined);
  queryClient.clear();
}
