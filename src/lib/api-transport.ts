import { ApiError } from './api-error';
import { apiRequestInit, takeAhead, type Sent } from './fetch-ahead';

export type { Sent };

/** The API client's transport, the bundle's one fetch: requests, timeouts, aborts; answers are api-client.ts's. */

const DEFAULT_TIMEOUT_MS = 15_000;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Overrides the stored token (sign-in checks a token before storing it). */
  token?: string | null;
}

/** Aborts `controller` when `signal` aborts (at once if it has), with its reason; returns what stops listening. */
function forwardAbort(signal: AbortSignal | undefined, controller: AbortController): () => void {
  if (!signal) return () => undefined;
  const abort = () => controller.abort(signal.reason);
  if (signal.aborted) {
    abort();
    return () => undefined;
  }
  signal.addEventListener('abort', abort, { once: true });
  return () => signal.removeEventListener('abort', abort);
}

/**
 * One request and its whole body, with a timeout: GET, or POST with a JSON body. A failure to get an answer is an
 * ApiError (network, timeout); a caller's abort passes through unchanged. The status is the caller's to judge.
 * The first GET of a request sent ahead (fetch-ahead.ts), with the same token and the default timeout, takes that
 * request's answer instead of sending another; the timeout and the caller's signal then apply to it.
 */
export async function send(path: string, options: RequestOptions, jsonBody?: string): Promise<Sent> {
  const taken = jsonBody === undefined && options.timeoutMs === undefined ? takeAhead(path, options.token) : null;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = taken?.controller ?? new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const stopForwarding = forwardAbort(options.signal, controller);

  try {
    if (taken) return await taken.answer;
    const response = await globalThis.fetch(path, apiRequestInit(options.token, controller.signal, jsonBody));
    return { response, text: await response.text() };
  } catch (error) {
    throw mapFetchFailure(error, timedOut, timeoutMs, options.signal);
  } finally {
    clearTimeout(timer);
    stopForwarding();
  }
}

function mapFetchFailure(error: unknown, timedOut: boolean, timeoutMs: number, signal?: AbortSignal): unknown {
  if (timedOut) return new ApiError({ kind: 'timeout', timeoutMs });
  // A caller's abort (a newer query replaced this one) is not an API failure: let it through unchanged.
  if (signal?.aborted) return signal.reason ?? error;
  const message = error instanceof Error ? error.message : 'request failed';
  return new ApiError({ kind: 'network', message });
}
