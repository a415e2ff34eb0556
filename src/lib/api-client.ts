import {
  courseStatSchema,
  courseStatsParamsSchema,
  courseStatsPath,
  LABEL_GROUPS_PATH,
  labelGroupSchema,
  NotAnArrayError,
  parseList,
  parsePlainCourseStat,
  PER_PAGE_DEFAULT,
  positiveIdSchema,
  serverConfigSchema,
  CONFIG_PATH,
  type CourseStat,
  type LabelGroup,
  type ParsedList,
  type ServerConfig,
} from '@contract';
import { ApiError, errorForStatus, InvalidRequestError } from './api-error';
import { isRecord } from './is-record';
import { getToken } from './token-store';

export const DEFAULT_TIMEOUT_MS = 15_000;

export interface RequestOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Overrides the stored token (sign-in checks a token before storing it). */
  token?: string | null;
}

/** The course statistics request: the spec's parameters and nothing else. page is 1-based. */
export interface CourseStatsRequest {
  courseId: number;
  userId?: number | undefined;
  courseSessionId?: number | undefined;
  page?: number | undefined;
  perPage?: number | undefined;
}

/** Course statistics, each record checked by the schema, the plain ones by its quicker twin. */
const COURSE_STATS_LIST = { schema: courseStatSchema, plain: parsePlainCourseStat };

export async function fetchCourseStats(
  request: CourseStatsRequest,
  options: RequestOptions = {},
): Promise<ParsedList<CourseStat>> {
  const body = await getJson(courseStatsRequestPath(request), options);
  return parseBody(body, () => parseList(body.json, COURSE_STATS_LIST));
}

/** A course statistics request started ahead of its query (prefetchCourseStats). */
export interface PrefetchedCourseStats {
  /** The rows, once the request has answered with them; undefined when it failed. */
  rows: Promise<ParsedList<CourseStat> | undefined>;
  /**
   * Makes the answered request the caller's, who puts its rows in the query cache itself: no fetchCourseStats takes
   * it over after this. False when one has taken it over already (or it was dropped).
   */
  claim: () => boolean;
}

/**
 * Starts a course statistics request ahead of the query that will want it: the app asks for a page's rows while
 * its code is still starting, and the first fetchCourseStats for the same request (same URL, same token) within
 * a few seconds takes the answer over (running or done) instead of asking again; errors, retries and cancelling
 * are then the query's, as for any request. Unless the caller claims it: then the rows are the caller's to use.
 * A request nobody takes over or claims is cancelled. Invalid requests are not started, nor any when signed out.
 */
export function prefetchCourseStats(request: CourseStatsRequest): PrefetchedCourseStats | null {
  let path: string;
  try {
    path = courseStatsRequestPath(request);
  } catch {
    return null;
  }
  const early = startEarlyRequest(path);
  if (!early) return null;
  return {
    rows: early.entry.body.then(
      (body) => parseBody(body, () => parseList(body.json, COURSE_STATS_LIST)),
      () => undefined,
    ),
    claim: early.claim,
  };
}

/** The URL of a course statistics request: the spec's parameters and nothing else. Throws for invalid values. */
function courseStatsRequestPath(request: CourseStatsRequest): string {
  if (!positiveIdSchema.safeParse(request.courseId).success) {
    throw new InvalidRequestError(`Course ID must be a positive integer, got ${String(request.courseId)}`);
  }
  const params = courseStatsParamsSchema.safeParse({
    user_id: request.userId,
    course_session_id: request.courseSessionId,
    page: request.page ?? 1,
    per_page: request.perPage ?? PER_PAGE_DEFAULT,
  });
  if (!params.success) {
    const issue = params.error.issues[0];
    throw new InvalidRequestError(`Invalid ${issue?.path.join('.') ?? 'parameter'}: ${issue?.message ?? ''}`);
  }
  const query = new URLSearchParams();
  // Names are written out one by one: nothing outside the spec's list can reach the wire.
  if (params.data.user_id !== undefined) query.set('user_id', String(params.data.user_id));
  if (params.data.course_session_id !== undefined)
    query.set('course_session_id', String(params.data.course_session_id));
  if (params.data.page !== undefined) query.set('page', String(params.data.page));
  if (params.data.per_page !== undefined) query.set('per_page', String(params.data.per_page));
  return `${courseStatsPath(request.courseId)}?${query.toString()}`;
}

export async function fetchLabelGroups(options: RequestOptions = {}): Promise<ParsedList<LabelGroup>> {
  const body = await getJson(LABEL_GROUPS_PATH, options);
  return parseBody(body, () => parseList(body.json, { schema: labelGroupSchema, lenientArrays: ['labels'] }));
}

export async function fetchServerConfig(options: RequestOptions = {}): Promise<ServerConfig> {
  const body = await getJson(CONFIG_PATH, { ...options, token: null });
  const parsed = serverConfigSchema.safeParse(body.json);
  if (!parsed.success) {
    throw new ApiError({ kind: 'invalid_response', status: body.status, reason: 'unexpected server configuration' });
  }
  return parsed.data;
}

interface JsonBody {
  status: number;
  json: unknown;
}

function parseBody<T>(body: JsonBody, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof NotAnArrayError) {
      throw new ApiError({ kind: 'invalid_response', status: body.status, reason: error.message });
    }
    throw error;
  }
}

/** How long a request started early waits to be taken over before it is cancelled. */
export const EARLY_REQUEST_TTL_MS = 10_000;

interface EarlyRequest {
  body: Promise<JsonBody>;
  controller: AbortController;
}

/** Requests started ahead of their query, by token and path; each is taken over once, then forgotten. */
const earlyRequests = new Map<string, EarlyRequest>();
const earlyKey = (token: string, path: string) => `${token}\n${path}`;

function startEarlyRequest(path: string): { entry: EarlyRequest; claim: () => boolean } | null {
  const token = getToken();
  if (!token) return null;
  const key = earlyKey(token, path);
  if (earlyRequests.has(key)) return null;
  const controller = new AbortController();
  const body = getJson(path, { token, signal: controller.signal });
  // Its outcome is the taker's to handle; untaken, it is dropped.
  body.catch(() => undefined);
  const entry: EarlyRequest = { body, controller };
  earlyRequests.set(key, entry);
  setTimeout(() => {
    if (earlyRequests.get(key) !== entry) return;
    earlyRequests.delete(key);
    controller.abort();
  }, EARLY_REQUEST_TTL_MS);
  const claim = () => earlyRequests.get(key) === entry && earlyRequests.delete(key);
  return { entry, claim };
}

/** The request started early for this token and path, now the caller's: its abort signal cancels it. */
function takeEarlyRequest(
  token: string | null,
  path: string,
  signal: AbortSignal | undefined,
): Promise<JsonBody> | null {
  if (!token) return null;
  const key = earlyKey(token, path);
  const entry = earlyRequests.get(key);
  if (!entry) return null;
  earlyRequests.delete(key);
  if (signal) {
    const forwardAbort = () => entry.controller.abort(signal.reason);
    if (signal.aborted) forwardAbort();
    else signal.addEventListener('abort', forwardAbort, { once: true });
  }
  return entry.body;
}

/** GET, with the token in the Authorization header, a timeout, and every failure mapped to ApiError. */
async function getJson(path: string, options: RequestOptions): Promise<JsonBody> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const token = options.token === undefined ? getToken() : options.token;
  const early = takeEarlyRequest(token, path, options.signal);
  if (early) return early;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  else options.signal?.addEventListener('abort', forwardAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;

  try {
    let response: Response;
    try {
      response = await globalThis.fetch(path, {
        method: 'GET',
        headers,
        signal: controller.signal,
        credentials: 'omit',
        cache: 'no-store',
      });
    } catch (error) {
      throw mapFetchFailure(error, timedOut, timeoutMs, options.signal);
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw mapFetchFailure(error, timedOut, timeoutMs, options.signal);
    }
    if (!response.ok) {
      throw new ApiError(
        errorForStatus(response.status, scrub(extractMessage(text), token), response.headers.get('Retry-After')),
      );
    }
    try {
      return { status: response.status, json: JSON.parse(text) as unknown };
    } catch {
      throw new ApiError({
        kind: 'invalid_response',
        status: response.status,
        reason: looksLikeHtml(text) ? 'the server sent an HTML page instead of JSON' : 'the response is not valid JSON',
      });
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

function mapFetchFailure(error: unknown, timedOut: boolean, timeoutMs: number, signal?: AbortSignal): unknown {
  if (timedOut) return new ApiError({ kind: 'timeout', timeoutMs });
  // A caller's abort (a newer query replaced this one) is not an API failure: let it through unchanged.
  if (signal?.aborted) return signal.reason ?? error;
  const message = error instanceof Error ? error.message : 'request failed';
  return new ApiError({ kind: 'network', message });
}

/** The server's own words from an error body, whatever its content type; null when there are none. */
export function extractMessage(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  try {
    const json: unknown = JSON.parse(trimmed);
    if (typeof json === 'string') return clip(json);
    if (isRecord(json)) {
      for (const key of ['error', 'message', 'detail', 'error_description'] as const) {
        const value = json[key];
        if (typeof value === 'string' && value.trim() !== '') return clip(value);
        if (isRecord(value) && typeof value.message === 'string') return clip(value.message);
      }
    }
    return null;
  } catch {
    if (looksLikeHtml(trimmed)) return null;
    return clip(trimmed);
  }
}

function looksLikeHtml(text: string): boolean {
  return /^\s*<(!doctype|html|head|body|\?xml)/i.test(text);
}

function clip(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > 300 ? `${single.slice(0, 300)}…` : single;
}

/** An upstream that echoes the token back in its error must not put it on screen. */
function scrub(message: string | null, token: string | null): string | null {
  if (message === null || !token) return message;
  return message.split(token).join('[token]');
}
