import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { courseStatsPath, LABEL_GROUPS_PATH } from '../../contract/index';
import { bearerToken } from '../bearer';
import { methodNotAllowed, sendError } from '../http-answers';
import type { Metrics, UpstreamOutcome } from '../ops/metrics';
import type { RateLimits } from '../ops/rate-limit';
import { parsePositiveInt, parseQueryString, rawQueryOf } from '../query-string';
import { UpstreamError, type Upstream, type UpstreamAnswer } from './upstream';

export interface ProxyOptions {
  /** The client for config.apiBaseUrl; buildApp owns it (the readiness probe uses it too) and closes it. */
  upstream: Upstream;
  metrics: Metrics;
  rateLimits: RateLimits;
  /** Requests per client address per minute; 0 turns the limit off. */
  rateLimitMax: number;
}

/** The only parameters that reach the upstream, besides the access_token taken from the Authorization header. */
const FORWARDED_STATS_PARAMS = ['user_id', 'course_session_id', 'page', 'per_page'] as const;
/** Response headers worth passing back; never Set-Cookie. Content-Length follows from the body we send. */
const PASSED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'cache-control', 'etag', 'last-modified'] as const;
const OTHER_METHODS = ['DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;

function looksLikeJson(headers: IncomingHttpHeaders, body: Buffer): boolean {
  // The type and the first byte only: parsing every body to count it would cost more than the proxy itself.
  const type = headers['content-type'] ?? '';
  const first = body.toString('latin1', 0, Math.min(body.length, 64)).trimStart()[0];
  return /^application\/([\w.+-]*\+)?json\b/i.test(type) && (first === '[' || first === '{');
}

function outcomeOf({ status, headers, body }: UpstreamAnswer): UpstreamOutcome {
  if (status < 200 || status > 599 || (status >= 300 && status < 400)) return 'unexpected_status';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  return looksLikeJson(headers, body) ? 'ok' : 'not_json';
}

/**
 * Forwards GET on exactly the API's two paths (docs/api.md) to the configured upstream. The target is built here
 * from the configured origin, a fixed path and an allow-list of parameters: nothing in the request's path, Host or
 * other headers can change where it goes. Any other path under /endpoint/v1 is a 404 and any other method a 405,
 * neither forwarded.
 *
 * Rate limiting lives here and not on the demo API: it protects the upstream (and the quota of the token that
 * pays for it) from a flood through us, while the demo API is local, cheap and must stay benchmarkable. It
 * counts per client address: the socket's, or the one X-Forwarded-For gives when TRUST_PROXY names the balancer.
 * With REDIS_URL it counts across all instances (see server/ops/rate-limit.ts).
 */
export const proxyApi: FastifyPluginAsync<ProxyOptions> = async (app, options) => {
  const { upstream, metrics } = options;
  await options.rateLimits.register(app, { name: 'proxy', max: options.rateLimitMax });

  async function forward(request: FastifyRequest, reply: FastifyReply, path: string, query: URLSearchParams) {
    // The browser sends the token as a Bearer header; the upstream takes it as the access_token parameter.
    const token = bearerToken(request.headers.authorization);
    if (token === null) return sendError(reply, 401, 'The Authorization header must be "Bearer <token>"');
    if (token !== undefined) query.append('access_token', token);
    const search = query.toString();

    // Stop the upstream request when our client goes away before its answer is written.
    const cancel = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) cancel.abort();
    });

    let answer;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      answer = await upstream.get(search === '' ? path : `${path}?${search}`, cancel.signal);
    } catch (error) {
      if (error instanceof UpstreamError) {
        metrics.observeUpstream(error.reason, seconds());
        return sendError(reply, error.status, error.message);
      }
      throw error;
    }
    metrics.observeUpstream(outcomeOf(answer), seconds());
    const { status, headers, body } = answer;
    if (status < 200 || status > 599 || (status >= 300 && status < 400)) {
      // Following a redirect would carry the token to wherever it points; passing it on without its Location
      // would leave the browser with nothing to act on.
      return sendError(reply, 502, `The upstream API answered with an unexpected status ${status}`);
    }
    reply.code(status);
    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    if (headers['cache-control'] === undefined) reply.header('cache-control', 'no-store');
    return reply.send(body);
  }

  const statsUrl = '/courses/:course_id/course_stats';
  app.get<{ Params: { course_id: string } }>(statsUrl, { exposeHeadRoute: false }, async (request, reply) => {
    const courseId = parsePositiveInt(request.params.course_id);
    if (courseId === null) return sendError(reply, 404, 'No such course: the course id must be a positive integer');
    const incoming = parseQueryString(rawQueryOf(request.url));
    if (!incoming.ok) return sendError(reply, 400, incoming.error);
    const query = new URLSearchParams();
    for (const name of FORWARDED_STATS_PARAMS) {
      for (const value of incoming.params.get(name) ?? []) query.append(name, value);
    }
    return forward(request, reply, courseStatsPath(courseId), query);
  });

  app.get('/label_groups', { exposeHeadRoute: false }, async (request, reply) =>
    forward(request, reply, LABEL_GROUPS_PATH, new URLSearchParams()),
  );

  for (const url of [statsUrl, '/label_groups']) {
    app.route({ method: [...OTHER_METHODS], url, handler: async (_request, reply) => methodNotAllowed(reply) });
  }
};
