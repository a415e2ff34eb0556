import { ApiError } from './api-error';

/** The API client's transport, the bundle's one fetch: requests, timeouts, aborts; answers are api-client.ts's. */

const DEFAULT_TIMEOUT_MS = 15_000;

/** An answer and its whole body. A failure to get one is the fetch's own error, for the caller to explain. */
export interface Sent {
  response: Response;
  text: string;
}

/** A request as the API client sends it: JSON, the token as a bearer, no cookies, no HTTP cache. */
function apiRequestInit(token: string | null | undefined, signal: AbortSignal, jsonBody?: string): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (jsonBody !== undefined) headers['Content-Type'] = 'application/json';
  return {
    method: jsonBody === undefined ? 'GET' : 'POST',
    headers,
    body: jsonBody,
    signal,
    credentials: 'omit',
    cache: 'no-store',
  };
}

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
 */
export async function send(path: string, options: RequestOptions, jsonBody?: string): Promise<Sent> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const stopForwarding = forwardAbort(options.signal, controller);

  try {
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
