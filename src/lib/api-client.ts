import {
  apiPath,
  appParamsSchema,
  ENDPOINTS,
  NotAnArrayError,
  parseList,
  serverConfigSchema,
  CONFIG_PATH,
  TOKEN_EXCHANGE_PATH,
  tokenExchangeAnswerSchema,
  tokenExchangeErrorSchema,
  wireSearch,
  type TokenExchangeAnswer,
  type TokenExchangeErrorCode,
  type TokenExchangeRequest,
  type Course,
  type CourseSession,
  type CourseSessionsParamsInput,
  type CoursesParamsInput,
  type CourseStat,
  type CourseStatsParamsInput,
  type AppParamsSchema,
  type Endpoint,
  type LabelGroup,
  type ListSpec,
  type ParsedList,
  type ServerConfig,
} from '@contract';
import type * as z from 'zod/mini';
import {
  ApiError,
  errorForStatus,
  isApiError,
  InvalidRequestError,
  parseRetryAfter,
  TokenExchangeFailure,
} from './api-error';
import { send, type RequestOptions } from './api-transport';
import { isRecord } from './is-record';
import { getToken } from './token-store';

/**
 * One request to any endpoint of the contract's table (`ENDPOINTS.x`): its parameters checked by the table's schema
 * (an invalid one throws before anything is sent), its URL written from the table's path and wire names and nothing
 * else, and its items parsed one by one by the table's list spec. The fetchX functions below are the app's calls.
 * Also the whole list's length when the endpoint says it (`Total`), else null.
 */
async function fetchList<S extends z.ZodMiniType, E extends Endpoint>(
  entry: E & { readonly list: ListSpec<S> },
  params: z.input<AppParamsSchema<E>>,
  options: RequestOptions = {},
): Promise<{ list: ParsedList<z.output<S>>; total: number | null }> {
  const body = await getJson(requestPath(entry, params), options);
  let list: ParsedList<z.output<S>>;
  try {
    list = parseList(body.json, entry.list);
  } catch (error) {
    if (!(error instanceof NotAnArrayError)) throw error;
    throw new ApiError({ kind: 'invalid_response', status: body.status, reason: error.message });
  }
  return { list, total: entry.counted ? parseTotal(body.headers.get('Total')) : null };
}

/**
 * The URL of a request, the one place a query string is written: the endpoint's parameters and nothing else, under
 * their wire names, in the table's order. Throws for invalid values, before anything is sent.
 */
function requestPath(entry: Endpoint, input: unknown): string {
  const parsed = appParamsSchema(entry).safeParse(input, { reportInput: true });
  if (!parsed.success) throw new InvalidRequestError(describeInvalid(entry, parsed.error.issues[0]));
  const values: Readonly<Record<string, unknown>> = parsed.data;
  const ids: Record<string, number> = {};
  for (const [wire, key] of Object.entries(entry.ids)) {
    const id = values[key];
    if (typeof id === 'number') ids[wire] = id;
  }
  const query: Record<string, unknown> = {};
  for (const { wire, key } of entry.query) if (key !== undefined) query[wire] = values[key];
  const search = wireSearch(entry, query).toString();
  return search === '' ? apiPath(entry, ids) : `${apiPath(entry, ids)}?${search}`;
}

/** What is wrong with a request, under the wire's name for the value. */
function describeInvalid(entry: Endpoint, issue: z.core.$ZodIssue | undefined): string {
  const key = issue?.path[0];
  const id = Object.entries(entry.ids).find(([, idKey]) => idKey === key)?.[0];
  if (id !== undefined) return `Invalid ${id}: must be a positive integer, got ${String(issue?.input)}`;
  const name = entry.query.find((param) => param.key === key)?.wire ?? 'parameter';
  return `Invalid ${name}: ${issue?.message ?? ''}`;
}

export async function fetchCourseStats(
  params: CourseStatsParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<CourseStat>> {
  return (await fetchList(ENDPOINTS.courseStats, params, options)).list;
}

/**
 * One page of the LMS's course list, beyond the API description (docs/api.md): each course parsed on its own, and
 * the list's size from the `Total` header when the LMS sends a usable one, else null.
 */
export async function fetchCourses(
  params: CoursesParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<Course> & { total: number | null }> {
  const { list, total } = await fetchList(ENDPOINTS.courses, params, options);
  return { ...list, total };
}

/** One page of a course's active or archived sessions, beyond the API description (docs/api.md). */
export async function fetchCourseSessions(
  params: CourseSessionsParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<CourseSession>> {
  return (await fetchList(ENDPOINTS.courseSessions, params, options)).list;
}

export async function fetchLabelGroups(options: RequestOptions = {}): Promise<ParsedList<LabelGroup>> {
  return (await fetchList(ENDPOINTS.labelGroups, {}, options)).list;
}

/** A `Total` header the list can be sized by: a whole number written in digits, else null. */
function parseTotal(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  const total = Number(header);
  return Number.isSafeInteger(total) ? total : null;
}

export async function fetchServerConfig(options: RequestOptions = {}): Promise<ServerConfig> {
  const body = await getJson(CONFIG_PATH, { ...options, token: null });
  const parsed = serverConfigSchema.safeParse(body.json);
  if (!parsed.success) {
    throw new ApiError({ kind: 'invalid_response', status: body.status, reason: 'unexpected server configuration' });
  }
  return parsed.data;
}

/**
 * Trades API keys for a token at our server's token exchange: the keys go in a JSON body, never in a URL, and no
 * token is sent. Every failure is a TokenExchangeFailure with one of the exchange's codes; neither it nor anything
 * else here keeps or repeats the secret.
 */
export async function exchangeApiKeys(
  keys: TokenExchangeRequest,
  options: Omit<RequestOptions, 'token'> = {},
): Promise<TokenExchangeAnswer> {
  let answer: Response;
  let text: string;
  try {
    ({ response: answer, text } = await send(TOKEN_EXCHANGE_PATH, { ...options, token: null }, JSON.stringify(keys)));
  } catch (error) {
    if (isApiError(error)) throw new TokenExchangeFailure(error.detail.kind === 'timeout' ? 'timeout' : 'unreachable');
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new TokenExchangeFailure(answer.ok ? 'invalid_response' : codeForStatus(answer.status));
  }
  if (answer.ok) {
    const parsed = tokenExchangeAnswerSchema.safeParse(json);
    if (!parsed.success) throw new TokenExchangeFailure('invalid_response');
    return parsed.data;
  }
  const failure = tokenExchangeErrorSchema.safeParse(json);
  const code = failure.success ? failure.data.error : codeForStatus(answer.status);
  throw new TokenExchangeFailure(code, parseRetryAfter(answer.headers.get('Retry-After')));
}

/** An error answer without a code of ours (a proxy in between, an older server): the status says what it can. */
function codeForStatus(status: number): TokenExchangeErrorCode {
  if (status === 401) return 'invalid_client';
  if (status === 400) return 'invalid_request';
  if (status === 429) return 'rate_limited';
  if (status === 504) return 'timeout';
  return 'upstream_error';
}

interface JsonBody {
  status: number;
  headers: Headers;
  json: unknown;
}

/** GET, with the token in the Authorization header, a timeout, and every failure mapped to ApiError. */
async function getJson(path: string, options: RequestOptions): Promise<JsonBody> {
  const token = options.token === undefined ? getToken() : options.token;
  const { response, text } = await send(path, { ...options, token });
  if (!response.ok) {
    throw new ApiError(
      errorForStatus(response.status, scrub(extractMessage(text), token), response.headers.get('Retry-After')),
    );
  }
  try {
    return { status: response.status, headers: response.headers, json: JSON.parse(text) as unknown };
  } catch {
    throw new ApiError({
      kind: 'invalid_response',
      status: response.status,
      reason: looksLikeHtml(text) ? 'the server sent an HTML page instead of JSON' : 'the response is not valid JSON',
    });
  }
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
