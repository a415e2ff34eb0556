/**
 * A GET sent ahead of the code that will ask for it. The page's first script (app/start-up/first-rows.ts, written into
 * index.html) sends the course list's first page while the document is still being read, and paints its rows from the
 * answer; the app's bundle, which holds a copy of this module of its own, takes that answer when its API client asks
 * for the same thing (api-transport.ts). Two copies of one module share nothing, so what they share lives on the
 * global object under a registered symbol: the request, and whether the first script's rows are on the page.
 */

/** An answer and its whole body. A failure to get one is the fetch's own error, for the taker to explain. */
export interface Sent {
  response: Response;
  text: string;
}

export interface Ahead {
  path: string;
  token: string;
  answer: Promise<Sent>;
  controller: AbortController;
}

/**
 * The first script's rows: `waiting` for the answer, `painted`, or `closed`, once the app has started its first
 * render (an answer arriving later paints nothing: the app's own screen is on its way).
 */
export type FirstRows = 'none' | 'waiting' | 'painted' | 'closed';

interface Shared {
  ahead: Ahead | null;
  firstRows: FirstRows;
}

const SHARED: unique symbol = Symbol.for('course-stats.fetch-ahead');

function shared(): Shared {
  const holder = globalThis as { [SHARED]?: Shared };
  return (holder[SHARED] ??= { ahead: null, firstRows: 'none' });
}

/** A request as the API client sends it: JSON, the token as a bearer, no cookies, no HTTP cache. */
export function apiRequestInit(token: string | null | undefined, signal: AbortSignal, jsonBody?: string): RequestInit {
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

/**
 * Sends a GET now, for code that has not loaded yet, and reads its body as it comes. One request is kept, for one
 * taker; an answer nobody takes is dropped with the page. It has no timeout of its own: the taker's starts when it
 * takes it.
 */
export function sendAhead(path: string, token: string): Promise<Sent> {
  const controller = new AbortController();
  const answer = globalThis
    .fetch(path, apiRequestInit(token, controller.signal))
    .then(async (response) => ({ response, text: await response.text() }));
  // Its failure is for the taker to report; with no taker (the user went elsewhere) it is nobody's.
  answer.catch(() => undefined);
  shared().ahead = { path, token, answer, controller };
  return answer;
}

/** The request sent ahead for this GET with this token, once: the next ask finds nothing. */
export function takeAhead(path: string, token: string | null | undefined): Ahead | null {
  const state = shared();
  const { ahead } = state;
  if (ahead === null || ahead.path !== path || ahead.token !== token) return null;
  state.ahead = null;
  return ahead;
}

export function firstRows(): FirstRows {
  return shared().firstRows;
}

/** The first script's rows move on: `waiting` once sent, `painted`, or `closed` by the app. */
export function setFirstRows(next: FirstRows): void {
  shared().firstRows = next;
}

/** Forgets the request and the rows (tests: each starts on a page nothing has been sent for). */
export function forgetSentAhead(): void {
  (globalThis as { [SHARED]?: Shared })[SHARED] = undefined;
}
