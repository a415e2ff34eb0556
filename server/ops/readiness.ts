import type { Upstream } from '../proxy/upstream';

/**
 * Whether this instance should get traffic. main.ts calls drain() on SIGTERM, so /readyz turns 503 while the
 * requests in flight finish; buildApp also drains when the app starts closing.
 */
export class Lifecycle {
  #draining = false;
  get draining(): boolean {
    return this.#draining;
  }
  drain(): void {
    this.#draining = true;
  }
}

export interface UpstreamCheckOptions {
  /** The path a probe asks for, without a token: an answer below 500 (a 401 included) shows the API is up. */
  probePath: string;
  /** An answer this recent, to a user's request or to a probe, is enough. */
  freshMs?: number;
  /** How long a probe may take. */
  timeoutMs?: number;
  /** After a failed probe, how long /readyz answers 503 before probing again (a flood of probes stays one). */
  retryMs?: number;
}

/**
 * Ready when the upstream has answered within freshMs. Otherwise one cheap probe with a short timeout, shared by
 * every /readyz call that arrives while it runs; a failure is remembered for retryMs.
 */
export function upstreamCheck(upstream: Upstream, options: UpstreamCheckOptions): () => Promise<boolean> {
  const { probePath, freshMs = 30_000, timeoutMs = 2_000, retryMs = 5_000 } = options;
  let failedAt = Number.NEGATIVE_INFINITY;
  let probe: Promise<boolean> | null = null;

  return async () => {
    const now = Date.now();
    if (now - upstream.lastAnsweredAt() < freshMs) return true;
    if (now - failedAt < retryMs) return false;
    probe ??= upstream
      .get(probePath, new AbortController().signal, { timeoutMs })
      .then(
        () => Date.now() - upstream.lastAnsweredAt() < freshMs,
        () => false,
      )
      .then((ok) => {
        if (!ok) failedAt = Date.now();
        probe = null;
        return ok;
      });
    return probe;
  };
}
