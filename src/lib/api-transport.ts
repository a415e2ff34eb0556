import { ApiError } from './api-error';

/**
 * The API client's transport: the one place the app calls fetch. It knows requests, timeouts and aborts, and nothing
 * of the API's answers or its schemas (api-client.ts does), so the page's first, small script can send a request with
 * it before the app's bundle has run (see sendAhead).
 */

const DEFAULT_TIMEOUT_MS = 15_000;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Overrides the stored token (sign-in checks a token before storing it). */
  token?: string | null;
}

interface Sent {
  response: Response;
  text: string;
}

/** A GET sent ahead of the code that will ask for it. */
interface Ahead {
  path: string;
  token: string;
  answer: Promise<Sent>;
  controller: AbortController;
}

let ahead: Ahead | null = null;

/**
 * Sends a GET now, for code that has not loaded yet: the first `send` of the same GET, with the same token and the
 * default timeout, takes this request's answer instead of sending another. One request is kept, for one taker; an
 * answer nobody takes is dropped with the page.
 */
export function sendAhead(path: string, token: string): void {
  ahead = null; // not to be taken by the send below
  const controller = new AbortController();
  const answer = send(path, { token, signal: controller.signal });
  // Its failure is for the taker to report; with no taker (the user went elsewhere) it is nobody's.
  answer.catch(() => undefined);
  ahead = { path, token, answer, controller };
}

/** The request sent ahead for this GET, taken once; the taker's signal aborts it. */
function takeAhead(path: string, options: RequestOptions): Promise<Sent> | null {
  if (ahead === null || ahead.path !== path || ahead.token !== options.token || options.timeoutMs !== undefined) {
    return null;
  }
  const { answer, controller } = ahead;
  ahead = null;
  const stop = forwardAbort(options.signal, controller);
  answer.then(stop, stop);
  return answer;
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
  if (jsonBody === undefined) {
    const taken = takeAhead(path, options);
    if (taken) return taken;
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const stopForwarding = forwardAbort(options.signal, controller);

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (jsonBody !== undefined) headers['Content-Type'] = 'application/json';

  try {
    let response: Response;
    try {
      response = await globalThis.fetch(path, {
        method: jsonBody === undefined ? 'GET' : 'POST',
        headers,
        body: jsonBody,
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (error) {
      throw mapFetchFailure(error, timedOut, timeoutMs, options.signal);
    }
    try {
      return { response, text: await response.text() };
    } catch (error) {
      throw mapFetchFailure(error, timedOut, timeoutMs, options.signal);
    }
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
