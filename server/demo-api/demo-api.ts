import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  PER_PAGE_DEFAULT,
  type CourseStatWire,
  type Endpoint,
  type EndpointName,
  type Endpoints,
  type WireQuery,
} from '../../contract/index';
import { pathIdCheck, queryReader, type Checked, type PathParams, type ReadQuery } from '../api-query';
import { JSON_TYPE, methodNotAllowed, sendError } from '../http-answers';
import { rawQueryOf } from '../query-string';
import type { RateLimits } from '../ops/rate-limit';
import { demoCoursePage } from './course-list';
import { dayStart, demoCourse, REFERENCE_DATE, SECURITY_COURSE_ID } from './courses';
import { getDemoData } from './demo-data';
import type { DemoAccount } from './generated-courses';
import { demoCourseSessions } from './sessions';
import { tokenChecker } from './token-check';

export interface DemoApiOptions {
  token: string;
  /** DEMO_NESTED_LABEL_GROUPS: parent ids in group_id, beyond the spec (server/demo-api/demo-data.ts). */
  nestedLabelGroups?: boolean;
  /** The clock the statistics' dates follow (day by day); tests pin it. */
  now?: () => number;
  /** Tokens the demo's token endpoint issued, accepted while they last. */
  isIssued?: (token: string) => boolean;
  /** Delay before every answer. */
  latencyMs: number;
  /** 0..1: the share of answers that are 503. */
  failureRate: number;
  /** Decides which answers fail; tests pass a scripted one. */
  random: () => number;
  /** DEMO_ACCOUNT: the standard account, or the large one for the benchmark (default: standard). */
  account?: DemoAccount;
  /** The rate limits the server counts in (ops/rate-limit.ts). */
  rateLimits: RateLimits;
  /** DEMO_RATE_LIMIT_MAX: requests per client address per minute; 0 means no limit. */
  rateLimitMax: number;
}

const OTHER_METHODS = ['DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;
/** Every page of both scale courses at per_page=100 (100 + 500), with room for others: about 30 MB. */
const PAGE_CACHE_SIZE = 1000;
const QUERY_MEMO_SIZE = 1000;
/** Longer query strings are read afresh each time: no client of ours sends one, and keys this short cap memory. */
const QUERY_MEMO_MAX_LENGTH = 200;

/**
 * Remembers what a query string reads as (a pure function of it), for the query strings seen last: a client
 * pages through the same few, and reading one afresh (decoding, the contract's schema) costs more than the rest
 * of an answer from the page cache. Only readings without a token are kept, so no credential outlives its
 * request; errors and long query strings are read afresh every time. Oldest entry out first; the bound caps
 * memory.
 */
export class QueryMemo<P> {
  private readonly known = new Map<string, Checked<ReadQuery<P>>>();

  constructor(
    private readonly read: (rawQuery: string) => Checked<ReadQuery<P>>,
    private readonly size = QUERY_MEMO_SIZE,
  ) {}

  get(rawQuery: string): Checked<ReadQuery<P>> {
    const known = this.known.get(rawQuery);
    if (known) return known;
    const result = this.read(rawQuery);
    if (result.ok && result.value.accessToken === undefined && rawQuery.length <= QUERY_MEMO_MAX_LENGTH) {
      if (this.known.size >= this.size) this.known.delete(this.known.keys().next().value ?? '');
      this.known.set(rawQuery, result);
    }
    return result;
  }

  /** How many readings are kept (for tests). */
  get count(): number {
    return this.known.size;
  }
}

/**
 * The demo's answer to a request to one endpoint whose ids, query and token have passed: its query's parameters and
 * its path's ids (as text, each checked to be a positive integer in its one spelling, so Number reads it exactly).
 */
type DemoAnswer<E extends Endpoint> = (
  reply: FastifyReply,
  params: Readonly<WireQuery<E>>,
  ids: PathParams<E>,
) => FastifyReply;
type DemoAnswers = { [N in EndpointName]: DemoAnswer<Endpoints[N]> };

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
 * The endpoints of the contract's table over deterministic data. Order of checks: the path's ids (404), query (400),
 * token (401), then the answer's own (a course that does not exist: 404). A course_id that is not a canonical
 * positive integer is 404, not 400: the path names no course, and the proxy answers such paths with the same 404
 * without asking the upstream.
 */
export const demoApi: FastifyPluginAsync<DemoApiOptions> = async (app, options) => {
  // Off by default, so the benchmark measures the demo itself; set, it shows how the app paces itself under a limit
  // as it would behind the proxy's. Registered first: a refused request costs no latency and no failure draw.
  await options.rateLimits.register(app, { name: 'demo', max: options.rateLimitMax });
  const nestedLabelGroups = options.nestedLabelGroups ?? false;
  const account = options.account ?? 'standard';
  const now = options.now ?? Date.now;
  const labelGroupsBody = Buffer.from(JSON.stringify(getDemoData({ nestedLabelGroups }).labelGroups));
  // The statistics' dates follow the day: a new day gets its data and an empty page cache.
  interface Today {
    day: number;
    courses: ReturnType<typeof getDemoData>['courses'];
    pages: PageCache;
  }
  let today: Today | undefined;
  function ofToday(): Today {
    const day = dayStart(now());
    if (today?.day === day) return today;
    const fresh = {
      day,
      courses: getDemoData({ nestedLabelGroups, now: day, account }).courses,
      pages: new PageCache(PAGE_CACHE_SIZE),
    };
    today = fresh;
    return fresh;
  }
  // Set up before the first request; each course's statistics are generated when first asked for.
  ofToday();

  const checkToken = tokenChecker(options.token, options.isIssued);

  // Fault knobs, only when asked for: the hook would cost every request something.
  if (options.latencyMs > 0 || options.failureRate > 0) {
    app.addHook('onRequest', async (_request, reply) => {
      if (options.latencyMs > 0) await sleep(options.latencyMs);
      if (options.random() < options.failureRate) {
        return sendError(reply, 503, 'The demo API failed on purpose (DEMO_FAILURE_RATE); try again');
      }
    });
  }

  const shiftOfToday = () => ofToday().day - Date.parse(REFERENCE_DATE);

  // One answer per endpoint of the table, once its ids, query and token have passed (route() below).
  const answers: DemoAnswers = {
    courseStats(reply, params, ids) {
      const courseId = Number(ids.course_id);
      const { courses, pages } = ofToday();
      const stats = courses.get(courseId);
      if (!stats) return sendError(reply, 404, `No course with id ${courseId}`);

      const { user_id: userId, course_session_id: sessionId } = params;
      const { page = 1, per_page: perPage = PER_PAGE_DEFAULT } = params;
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
    },

    labelGroups(reply) {
      return sendJson(reply, labelGroupsBody);
    },

    // Beyond the API description (docs/api.md): the course list and a course's sessions, declared with the
    // contract's wire types (course-list.ts, sessions.ts) so that they cannot drift from what the app reads.
    courses(reply, params) {
      const { page = 1, per_page: perPage = PER_PAGE_DEFAULT, 'types[]': types = [] } = params;
      const answer = demoCoursePage(shiftOfToday(), { page, perPage, types }, account);
      reply.header('Total', String(answer.total)).header('Per-Page', String(perPage));
      return sendJson(reply, answer.body);
    },

    courseSessions(reply, params, ids) {
      const courseId = Number(ids.course_id);
      const course = demoCourse(courseId, account);
      if (!course) return sendError(reply, 404, `No course with id ${courseId}`);
      const { filter = 'active', page = 1, per_page: perPage = PER_PAGE_DEFAULT } = params;
      // Course 106's rows are written by hand: its statCount is not what each session holds.
      const sessions = demoCourseSessions(course, filter, shiftOfToday(), {
        countsKnown: course.id !== SECURITY_COURSE_ID,
      });
      const start = (page - 1) * perPage;
      reply.header('Total', String(sessions.length)).header('Per-Page', String(perPage));
      return sendJson(reply, Buffer.from(JSON.stringify(sessions.slice(start, start + perPage))));
    },
  };

  function route<N extends EndpointName>(name: N) {
    const entry: Endpoints[N] = ENDPOINTS[name];
    const answer: DemoAnswer<Endpoints[N]> = answers[name];
    const pathIds = pathIdCheck(entry);
    const queries = new QueryMemo(queryReader(entry));
    function serve(request: FastifyRequest<{ Params: Record<string, string> }>, reply: FastifyReply): FastifyReply {
      const { params } = request;
      if (!pathIds.accepts(params)) return sendError(reply, 404, pathIds.refusal(params));
      const query = queries.get(rawQueryOf(request.url));
      if (!query.ok) return sendError(reply, 400, query.error);
      // Where the token is optional, none is fine but a wrong one is still refused.
      const token = checkToken(request.headers.authorization, query.value.accessToken);
      if (token === 'invalid') return sendError(reply, 401, 'The access token is not valid');
      if (token === 'missing' && entry.token === 'required') {
        return sendError(reply, 401, 'An access token is required');
      }
      return answer(reply, query.value.params, params);
    }
    // A synchronous handler that sends and returns nothing: an async handler (or a returned reply, which is
    // thenable) costs every answer a promise and a few microtasks for nothing. A throw still reaches the error
    // handler.
    app.get<{ Params: Record<string, string> }>(entry.path, { exposeHeadRoute: false }, (request, reply) => {
      serve(request, reply);
    });
    app.route({
      method: [...OTHER_METHODS],
      url: entry.path,
      handler: async (_request, reply) => methodNotAllowed(reply),
    });
  }

  for (const name of ENDPOINT_NAMES) route(name);
};
