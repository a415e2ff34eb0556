/** How long before a known expiry the app says so. */
export const EXPIRY_WARNING_MS = 5 * 60_000;
/** setTimeout's longest delay; a later moment is reached in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Where a token with a known expiry stands at `now`: fine, about to expire, or expired. */
export type ExpiryStage = 'valid' | 'expiring' | 'expired';

export function expiryStage(expiresAt: number, now: number): ExpiryStage {
  if (now >= expiresAt) return 'expired';
  return now >= expiresAt - EXPIRY_WARNING_MS ? 'expiring' : 'valid';
}

/** How long from `now` until the stage next changes (0 when it already reads expired). */
export function msUntilNextStage(expiresAt: number, now: number): number {
  const warnAt = expiresAt - EXPIRY_WARNING_MS;
  const next = now < warnAt ? warnAt : expiresAt;
  return Math.min(Math.max(0, next - now), MAX_DELAY_MS);
}
