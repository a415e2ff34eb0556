export const MINUTE_MS = 60_000;
/** The share of the server's limit the readers use, leaving room for the rest of the app (its screens, a second tab). */
export const RATE_SHARE = 0.9;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}

/**
 * Spaces request starts evenly: one every `intervalMs` (the rate window over the limit), so a minute's budget is
 * never let out at once; and holds every start while a 429's wait lasts (its Retry-After speaks for the whole API).
 * Each start reserves its slot, so readers that share a pacer share its pace.
 */
export class Pacer {
  private nextStart = Number.NEGATIVE_INFINITY;
  private pausedUntilMs = 0;

  constructor(readonly intervalMs: number) {}

  get pausedUntil(): number {
    return this.pausedUntilMs;
  }

  pause(untilMs: number): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, untilMs);
  }

  /** Resolves true when one more request may start now, false when `signal` aborted first. */
  async acquire(signal: AbortSignal): Promise<boolean> {
    for (;;) {
      if (signal.aborted) return false;
      const now = Date.now();
      const at = Math.max(now, this.nextStart + this.intervalMs, this.pausedUntilMs);
      this.nextStart = at;
      if (at <= now) return true;
      await sleep(at - now, signal);
      // A pause that began while this start waited for its slot holds it too.
      if (!signal.aborted && this.pausedUntilMs <= Date.now()) return true;
    }
  }
}

const pacers = new Map<number, Pacer>();

/**
 * The pacer for a server that allows `perMinute` requests per minute per client, one per limit for the whole tab
 * (the whole-course Worker asks the page's for its starts), so a search run again, or two readers at once, keep to
 * one pace. No limit (0) still shares a pacer: its starts are not spaced, but a 429's wait holds them all.
 */
export function pacerFor(perMinute: number, share: number = RATE_SHARE): Pacer {
  const limit = Number.isFinite(perMinute) && perMinute > 0 ? Math.max(1, Math.floor(perMinute * share)) : 0;
  let pacer = pacers.get(limit);
  if (!pacer) {
    pacer = new Pacer(limit === 0 ? 0 : MINUTE_MS / limit);
    pacers.set(limit, pacer);
  }
  return pacer;
}
