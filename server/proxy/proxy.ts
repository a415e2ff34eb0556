import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { courseStatsPath, LABEL_GROUPS_PATH } from '../../contract/index';
import { bearerToken } from '../bearer';
import { methodNotAllowed, PublicError, sendError } from '../http-answers';
import { parsePositiveInt, parseQueryString, rawQueryOf } from '../query-string';
import { createUpstream, UpstreamError } from './upstream';

export interface ProxyOptions {
  /** Origin plus optional base path, no trailing slash (config.apiBaseUrl). */
  baseUrl: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** Requests per client address per minute; 0 turns the limit off. */
  rateLimitMax: number;
}

/** The only parameters that reach the upstream, besides the access_token taken from the Authorization header. */
const FORWARDED_STATS_PARAMS = ['user_id', 'course_session_id', 'page', 'per_page'] as const;
/** Response headers worth passing back; never Set-Cookie. Content-Length follows from the body we send. */
const PASSED_RESPONSE_HEADERS = ['content-type', 'retry-after', 'cache-control', 'etag', 'last-modified'] as const;
const OTHER_METHODS = ['DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;

/**
 * Forwards GET on exactly the spec's two paths to the configured upstream. The target is built here from the
 * configured origin, a fixed path and an allow-list of parameters: nothing in the request's path, Host or other
 * headers can change where it goes. Any other path under /endpoint/v1 is a 404 and any other method a 405,
 * neither forwarded.
 *
 * Rate limiting lives here and not on the demo API: it protects the upstream (and the quota of the token that
 * pays for it) from a flood through us, while the demo API is local, cheap and must stay benchmarkable. It
 * counts per socket address; behind a reverse proxy all clients would share one address (trustProxy is off).
 */
export const proxyApi: FastifyPluginAsync<ProxyOptions> = async (app, options) => {
  const upstream = createUpstream(options);
  app.addHook('onClose', async () => upstream.close());

  if (options.rateLimitMax > 0) {
    await app.register(rateLimit, {
      max: options.rateLimitMax,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        new PublicError(429, `Too many requests; try again in ${context.after}`),
    });
  }

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
    try {
      answer = await upstream.get(search === '' ? path : `${path}?${search}`, cancel.signal);
    } catch (error) {
      if (error instanceof UpstreamError) return sendError(reply, error.status, error.message);
      throw error;
    }
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
