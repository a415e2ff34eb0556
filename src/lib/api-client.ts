import {
  courseListSpec,
  courseSessionListSpec,
  courseSessionsParamsSchema,
  courseSessionsPath,
  COURSES_PATH,
  coursesParamsSchema,
  courseStatSchema,
  COURSE_STATS_WIRE_NAMES,
  courseStatsParamsSchema,
  courseStatsPath,
  LABEL_GROUPS_PATH,
  labelGroupSchema,
  NotAnArrayError,
  parseList,
  parsePlainCourseStat,
  parsePlainLabelGroup,
  serverConfigSchema,
  CONFIG_PATH,
  TOKEN_EXCHANGE_PATH,
  tokenExchangeAnswerSchema,
  tokenExchangeErrorSchema,
  type TokenExchangeAnswer,
  type TokenExchangeErrorCode,
  type TokenExchangeRequest,
  type Course,
  type CourseSession,
  type CourseSessionsParamsInput,
  type CoursesParamsInput,
  type CourseStat,
  type CourseStatsParamsInput,
  type LabelGroup,
  type ParsedList,
  type ServerConfig,
} from '@contract';
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

/** Course statistics, each record checked by the schema, the plain ones by its quicker twin. */
const COURSE_STATS_LIST = { schema: courseStatSchema, plain: parsePlainCourseStat };

/** Label groups, each checked by the schema, the plain ones by its quicker twin; a bad label drops only itself. */
const LABEL_GROUPS_LIST = { schema: labelGroupSchema, lenientArrays: ['labels'], plain: parsePlainLabelGroup } as const;

export async function fetchCourseStats(
  params: CourseStatsParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<CourseStat>> {
  const body = await getJson(courseStatsRequestPath(params), options);
  return parseBody(body, () => parseList(body.json, COURSE_STATS_LIST));
}

/**
 * The URL of a course statistics request, the one place its query string is written: the API's parameters (docs/api.md) and
 * nothing else, under their wire names. Throws for invalid values, before anything is sent.
 */
function courseStatsRequestPath(input: CourseStatsParamsInput): string {
  const parsed = courseStatsParamsSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0];
    if (field === 'courseId') {
      throw new InvalidRequestError(`Course ID must be a positive integer, got ${String(input.courseId)}`);
    }
    const name = COURSE_STATS_WIRE_NAMES.find(([key]) => key === field)?.[1] ?? 'parameter';
    throw new InvalidRequestError(`Invalid ${name}: ${issue?.message ?? ''}`);
  }
  const query = new URLSearchParams();
  for (const [key, name] of COURSE_STATS_WIRE_NAMES) {
    const value = parsed.data[key];
    if (value !== undefined) query.set(name, String(value));
  }
  return `${courseStatsPath(parsed.data.courseId)}?${query.toString()}`;
}

/**
 * One page of the LMS's course list, beyond the API description (docs/api.md): each course parsed on its own, and
 * the list's size from the `Total` header when the LMS sends a usable one, else null. types[] is not sent, so the
 * list is what the LMS lists by default for this sign-in.
 */
export async function fetchCourses(
  params: CoursesParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<Course> & { total: number | null }> {
  const parsed = coursesParamsSchema.safeParse(params);
  if (!parsed.success) throw new InvalidRequestError(`Invalid course list request: ${describeFirst(parsed.error)}`);
  const query = new URLSearchParams({ page: String(parsed.data.page), per_page: String(parsed.data.perPage) });
  const body = await getJson(`${COURSES_PATH}?${query.toString()}`, options);
  const list = parseBody(body, () => parseList(body.json, courseListSpec));
  return { ...list, total: parseTotal(body.headers.get('Total')) };
}

/** One page of a course's active or archived sessions, beyond the API description (docs/api.md). */
export async function fetchCourseSessions(
  params: CourseSessionsParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<CourseSession>> {
  const parsed = courseSessionsParamsSchema.safeParse(params);
  if (!parsed.success) throw new InvalidRequestError(`Invalid course sessions request: ${describeFirst(parsed.error)}`);
  const { courseId, filter, page, perPage } = parsed.data;
  const query = new URLSearchParams({ filter, page: String(page), per_page: String(perPage) });
  const body = await getJson(`${courseSessionsPath(courseId)}?${query.toString()}`, options);
  return parseBody(body, () => parseList(body.json, courseSessionListSpec));
}

function describeFirst(error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.')}: ${issue.message}` : 'invalid';
}

/** A `Total` header the list can be sized by: a whole number written in digits, else null. */
function parseTotal(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  const total = Number(header);
  return Number.isSafeInteger(total) ? total : null;
}

export async function fetchLabelGroups(options: RequestOptions = {}): Promise<ParsedList<LabelGroup>> {
  const body = await getJson(LABEL_GROUPS_PATH, options);
  return parseBody(body, () => parseList(body.json, LABEL_GROUPS_LIST));
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
