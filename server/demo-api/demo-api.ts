import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  COURSE_STATS_QUERY_NAMES,
  courseStatsParamsSchema,
  LABEL_GROUPS_QUERY_NAMES,
  PER_PAGE_DEFAULT,
  type CourseStatWire,
} from '../../contract/index';
import { JSON_TYPE, methodNotAllowed, sendError } from '../http-answers';
import { parsePositiveInt, parseQueryString, quote, rawQueryOf } from '../query-string';
import { getDemoData } from './demo-data';
import { tokenChecker } from './token-check';

export interface DemoApiOptions {
  token: string;
  /** Delay before every answer. */
  latencyMs: number;
  /** 0..1: the share of answers that are 503. */
  failureRate: number;
  /** Decides which answers fail; tests pass a scripted one. */
  random: () => number;
}

const OTHER_METHODS = ['DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;
const INTEGER_PARAMS = ['user_id', 'course_session_id', 'page', 'per_page'] as const;
const PAGE_CACHE_SIZE = 500;

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/** The query's parameters, each given at most once and each one the endpoint allows; else a message naming it. */
function readQuery(url: string, allowed: readonly string[]): Checked<Map<string, string>> {
  const parsed = parseQueryString(rawQueryOf(url));
  if (!parsed.ok) return parsed;
  const values = new Map<string, string>();
  for (const [name, given] of parsed.params) {
    if (!allowed.includes(name)) {
      return { ok: false, error: `Unknown query parameter ${quote(name)}; allowed: ${allowed.join(', ')}` };
    }
    const [value] = given;
    if (given.length > 1 || value === undefined) return { ok: false, error: `Query parameter ${name} is repeated` };
    values.set(name, value);
  }
  return { ok: true, value: values };
}

function readStatsParams(values: ReadonlyMap<string, string>) {
  const numbers: Partial<Record<(typeof INTEGER_PARAMS)[number], number>> = {};
  for (const name of INTEGER_PARAMS) {
    const text = values.get(name);
    if (text === undefined) continue;
    const value = parsePositiveInt(text);
    if (value === null) return { ok: false as const, error: `Query parameter ${name} must be a positive integer` };
    numbers[name] = value;
  }
  // The contract holds the limits (per_page at most 100), so they cannot drift from what the client checks.
  const result = courseStatsParamsSchema.safeParse(numbers);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false as const, error: `Query parameter ${issue?.path.join('.')} is out of range: ${issue?.message}` };
  }
  return { ok: true as const, value: result.data };
}

function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  // The data sits behind a token: no cache should keep it.
  return reply.type(JSON_TYPE).header('cache-control', 'no-store').send(body);
}

/** Serialized pages, so a hot page costs a Map lookup. Oldest entry out first; the bound caps memory. */
class PageCache {
  private readonly pages = new Map<string, Buffer>();

  constructor(private readonly size: number) {}

  get(key: string, build: () => readonly unknown[]): Buffer {
    const cached = this.pages.get(key);
    if (cached) return cached;
    const items = build();
    const body = Buffer.from(JSON.stringify(items));
    // Pages past the end are all alike and cheap; keeping them would only push real pages out.
    if (items.length > 0) {
      if (this.pages.size >= this.size) this.pages.delete(this.pages.keys().next().value ?? '');
      this.pages.set(key, body);
    }
    return body;
  }
}

/**
 * The spec's two endpoints over deterministic data. Order of checks: course id shape (404), query (400),
 * token (401), course exists (404). A course_id that is not a canonical positive integer is 404, not 400: the
 * path names no course, and the proxy answers such paths with the same 404 without asking the upstream.
 */
export const demoApi: FastifyPluginAsync<DemoApiOptions> = async (app, options) => {
  const data = getDemoData();
  const labelGroupsBody = Buffer.from(JSON.stringify(data.labelGroups));
  const pages = new PageCache(PAGE_CACHE_SIZE);

  const checkToken = tokenChecker(options.token);

  // Fault knobs, only when asked for: the hook would cost every request something.
  if (options.latencyMs > 0 || options.failureRate > 0) {
    app.addHook('onRequest', async (_request, reply) => {
      if (options.latencyMs > 0) await sleep(options.latencyMs);
      if (options.random() < options.failureRate) {
        return sendError(reply, 503, 'The demo API failed on purpose (DEMO_FAILURE_RATE); try again');
      }
    });
  }

  const statsUrl = '/courses/:course_id/course_stats';
  app.get<{ Params: { course_id: string } }>(statsUrl, { exposeHeadRoute: false }, async (request, reply) => {
    const courseId = parsePositiveInt(request.params.course_id);
    if (courseId === null) return sendError(reply, 404, 'No such course: the course id must be a positive integer');
    const query = readQuery(request.url, COURSE_STATS_QUERY_NAMES);
    if (!query.ok) return sendError(reply, 400, query.error);
    const params = readStatsParams(query.value);
    if (!params.ok) return sendError(reply, 400, params.error);
    const token = checkToken(request.headers.authorization, query.value.get('access_token'));
    if (token === 'missing') return sendError(reply, 401, 'An access token is required');
    if (token === 'invalid') return sendError(reply, 401, 'The access token is not valid');
    const stats = data.courses.get(courseId);
    if (!stats) return sendError(reply, 404, `No course with id ${courseId}`);

    const { user_id: userId, course_session_id: sessionId } = params.value;
    const { page = 1, per_page: perPage = PER_PAGE_DEFAULT } = params.value;
    const key = `${courseId}:${userId ?? ''}:${sessionId ?? ''}:${page}:${perPage}`;
    return sendJson(
      reply,
      pages.get(key, () => {
        // Filters combine (AND); order is the stored order, by id; page is 1-based.
        const matching: readonly CourseStatWire[] =
          userId === undefined && sessionId === undefined
            ? stats
            : stats.filter(
                (stat) =>
                  (userId === undefined || stat.user_id === userId) &&
                  (sessionId === undefined || stat.course_session_id === sessionId),
              );
        const start = (page - 1) * perPage;
        return matching.slice(start, start + perPage);
      }),
    );
  });

  app.get('/label_groups', { exposeHeadRoute: false }, async (request, reply) => {
    const query = readQuery(request.url, LABEL_GROUPS_QUERY_NAMES);
    if (!query.ok) return sendError(reply, 400, query.error);
    // The token is optional here, but a wrong one is still refused.
    const token = checkToken(request.headers.authorization, query.value.get('access_token'));
    if (token === 'invalid') return sendError(reply, 401, 'The access token is not valid');
    return sendJson(reply, labelGroupsBody);
  });

  for (const url of [statsUrl, '/label_groups']) {
    app.route({ method: [...OTHER_METHODS], url, handler: async (_request, reply) => methodNotAllowed(reply) });
  }
};
