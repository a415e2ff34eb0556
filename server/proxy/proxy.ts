import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiPath, ENDPOINTS, wireSearch } from '../../contract/index';
import { pathIdCheck, queryReader } from '../api-query';
import { BEARER_TOKEN_MAX_LENGTH, bearerToken } from '../bearer';
import { JSON_TYPE, methodNotAllowed, sendError } from '../http-answers';
import type { Metrics, UpstreamOutcome } from '../ops/metrics';
import type { RateLimits } from '../ops/rate-limit';
import { rawQueryOf } from '../query-string';
import { tokenSpellings } from './token-echo';
import { createJsonChecker, passableJson, type Refusal } from './json-check';
import { UpstreamError, type Upstream } from './upstream';

export interface ProxyOptions {
  /** The client for config.apiBaseUrl; buildApp owns it (the readiness probe uses it too) and closes it. */
  upstream: Upstream;
  metrics: Metrics;
  rateLimits: RateLimits;
  /** Requests per client address per minute; 0 turns the limit off. */
  rateLimitMax: number;
  /** How long a client may take to read an answer, from its first byte on, before its connection is closed. */
  sendTimeoutMs: number;
}

/**
 * Response headers worth passing back; never Set-Cookie, never the upstream's Content-Type (ours is JSON), never its
 * Cache-Control (every answer here is private: see private-answers.ts).
 */
const PASSED_RESPONSE_HEADERS = ['retry-after', 'etag', 'last-modified', 'total', 'per-page'] as const;
const OTHER_METHODS = ['DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'] as const;
/**
 * Statuses the app acts on (sign out, "not found", wait and retry): kept when their body is not JSON, with our
 * own body instead. Any other answer that is not JSON becomes a 502.
 */
const KEPT_WITHOUT_JSON = new Set([401, 403, 404, 429]);
const REFUSALS: Record<Refusal, string> = {
  not_json: 'that is not JSON',
  too_large: 'too large to read',
  unclean: 'that quotes the access token',
};

function outcomeOf(status: number, isJson: boolean): UpstreamOutcome {
  if (status < 200 || status > 599 || (status >= 300 && status < 400)) return 'unexpected_status';
  if (status >= 500) return '5xx';
  if (status >= 400) return '4xx';
  return isJson ? 'ok' : 'not_json';
}

/**
 * Forwards GET on exactly the paths of the contract's endpoint table to the configured upstream. The target is built
 * here from the configured origin, the table's path and its allow-list of parameters: nothing in the request's path,
 * Host or other headers can change where it goes. Any other path under /endpoint/v1 is a 404 and any other method a
 * 405, neither forwarded. A query the demo API would refuse (server/api-query.ts) is refused here with 400.
 *
 * Only JSON comes back: an answer that does not say it is JSON, or does not parse, is replaced by our own JSON
 * error (docs/api.md, "What the proxy passes back"). Parsing every body costs a little; an upstream HTML page
 * with a script, opened on our origin, would cost the token. A large body is parsed in a worker thread
 * (json-check.ts), so that the other requests to this instance are not held up meanwhile.
 *
 * The proxy's rate limit protects the upstream (and the quota of the token that pays for it) from a flood
 * through us. (The demo API has one only when DEMO_RATE_LIMIT_MAX asks for it, to show the app's pacing.) It
 * counts per client address: the socket's, or the one X-Forwarded-For gives when TRUST_PROXY names the balancer.
 * With REDIS_URL it counts across all instances (see server/ops/rate-limit.ts).
 */
export const proxyApi: FastifyPluginAsync<ProxyOptions> = async (app, options) => {
  const { upstream, metrics } = options;
  await options.rateLimits.register(app, { name: 'proxy', max: options.rateLimitMax });
  const json = createJsonChecker();
  app.addHook('onClose', () => json.close());

  // A client that reads slowly, or not at all, would keep its answer's body (up to UPSTREAM_MAX_BYTES, and its room,
  // answer-room.ts) for as long as it keeps the connection open: it has sendTimeoutMs to take the answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    const deadline = setTimeout(() => {
      request.log.info({ sendTimeoutMs: options.sendTimeoutMs }, 'answer not taken in time: connection closed');
      reply.raw.destroy();
    }, options.sendTimeoutMs);
    reply.raw.once('close', () => clearTimeout(deadline));
    done(null, payload);
  });

  async function forward(request: FastifyRequest, reply: FastifyReply, path: string, query: URLSearchParams) {
    // The browser sends the token as a Bearer header; the upstream takes it as the access_token parameter.
    const token = bearerToken(request.headers.authorization);
    if (token === null) return sendError(reply, 401, 'The Authorization header must be "Bearer <token>"');
    if (token !== undefined && token.length > BEARER_TOKEN_MAX_LENGTH) {
      return sendError(reply, 401, 'The access token is too long');
    }
    if (token !== undefined) query.append('access_token', token);
    const search = query.toString();

    // Stop the upstream request when our client goes away before its answer is written. The body's room is held
    // until the answer is out, or the connection gone.
    const cancel = new AbortController();
    const claim = upstream.room.claim();
    reply.raw.once('close', () => {
      claim.release();
      if (!reply.raw.writableFinished) cancel.abort();
    });

    let answer;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    try {
      answer = await upstream.get(search === '' ? path : `${path}?${search}`, cancel.signal, { claim });
    } catch (error) {
      if (error instanceof UpstreamError) {
        metrics.observeUpstream(error.reason, seconds());
        // No room for a large answer now (answer-room.ts): the slow clients holding it are cut within
        // SEND_TIMEOUT_MS.
        if (error.reason === 'busy') reply.header('retry-after', '1');
        return sendError(reply, error.status, error.message);
      }
      throw error;
    }
    const { status, headers } = answer;
    const body = await passableJson(answer, token === undefined ? [] : tokenSpellings(token), json);
    metrics.observeUpstream(outcomeOf(status, 'text' in body), seconds());
    if (status < 200 || status > 599 || (status >= 300 && status < 400)) {
      // Following a redirect would carry the token to wherever it points; passing it on without its Location
      // would leave the browser with nothing to act on.
      return sendError(reply, 502, `The upstream API answered with an unexpected status ${status}`);
    }
    for (const name of PASSED_RESPONSE_HEADERS) {
      const value = headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    if ('refused' in body) {
      // Never the upstream's bytes: an HTML page with a script would run on our origin, next to the token.
      if (KEPT_WITHOUT_JSON.has(status)) {
        return sendError(reply, status, `The upstream API answered ${status} without a JSON body`);
      }
      const what = status < 300 ? 'an answer' : `an error ${status}`;
      return sendError(reply, 502, `The upstream API sent ${what} ${REFUSALS[body.refused]}`);
    }
    // Any answer may quote the request, token and all: it leaves here without it (json-clean.ts).
    return reply.code(status).type(JSON_TYPE).send(body.text);
  }

  // Each endpoint of the table: its ids and query checked as the demo API checks them, so a query the API would
  // refuse never leaves here. Names outside the table are dropped, and so is a token in the query: only the
  // Authorization header's goes upstream. The rest goes in the table's order, each in its one canonical spelling.
  for (const entry of Object.values(ENDPOINTS)) {
    const pathIds = pathIdCheck(entry);
    const readQuery = queryReader(entry);
    app.get<{ Params: Record<string, string> }>(entry.path, { exposeHeadRoute: false }, async (request, reply) => {
      if (!pathIds.accepts(request.params)) return sendError(reply, 404, pathIds.refusal(request.params));
      const incoming = readQuery(rawQueryOf(request.url), 'drop');
      if (!incoming.ok) return sendError(reply, 400, incoming.error);
      return forward(request, reply, apiPath(entry, request.params), wireSearch(entry, incoming.value.params));
    });
    app.route({
      method: [...OTHER_METHODS],
      url: entry.path,
      handler: async (_request, reply) => methodNotAllowed(reply),
    });
  }
};
