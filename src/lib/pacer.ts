export const MINUTE_MS = 60_000;
/** The share of the server's limit the readers use, leaving room for the rest of the app (its screens, a second tab). */
export const RATE_SHARE = 0.9;

interface Waiter {
  go: (started: boolean) => void;
}

/**
 * Spaces request starts evenly: one every `intervalMs` (the rate window over the limit), so a minute's budget is
 * never let out at once; and holds every start while a 429's wait lasts (its Retry-After speaks for the whole API).
 * Readers that share a pacer share its pace: their starts wait in one line, first come first served.
 *
 * A start given up while it waits (its page turned out to be past the end of the list, or the reading was
 * cancelled) leaves the line and gives its turn to the next. When each start reserved its time up front, those
 * turns went by unused: a course read six pages ahead and ending on page 2 left four slots empty, and reading the
 * large demo account kept to two thirds of the pace the limit allows.
 */
export class Pacer {
  /** When the last start was due (not when its timer happened to fire, so a late timer does not slow the pace). */
  private lastStart = Number.NEGATIVE_INFINITY;
  private pausedUntilMs = 0;
  private readonly line: Waiter[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(readonly intervalMs: number) {}

  get pausedUntil(): number {
    return this.pausedUntilMs;
  }

  pause(untilMs: number): void {
    this.pausedUntilMs = Math.max(this.pausedUntilMs, untilMs);
    this.schedule();
  }

  /** Resolves true when one more request may start now, false when `signal` aborted first. */
  acquire(signal: AbortSignal): Promise<boolean> {
    if (signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        go: (started) => {
          signal.removeEventListener('abort', giveUp);
          resolve(started);
        },
      };
      const giveUp = () => {
        const at = this.line.indexOf(waiter);
        if (at >= 0) this.line.splice(at, 1);
        waiter.go(false);
      };
      signal.addEventListener('abort', giveUp, { once: true });
      this.line.push(waiter);
      this.schedule();
    });
  }

  /** Lets the first in line start when its time has come, or sets a timer for then. */
  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const now = Date.now();
    while (this.line.length > 0) {
      const due = Math.max(this.lastStart + this.intervalMs, this.pausedUntilMs);
      if (due > now) {
        this.timer = setTimeout(() => this.schedule(), due - now);
        return;
      }
      // Overdue by less than a turn (a late timer): counted from when it was due. After a longer lull: from now.
      this.lastStart = now - due < this.intervalMs ? due : now;
      this.line.shift()?.go(true);
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
