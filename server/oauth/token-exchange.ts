import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  OAUTH_GRANT_TYPE,
  OAUTH_SCOPE,
  oauthErrorSchema,
  oauthTokenSchema,
  TOKEN_EXCHANGE_PATH,
  tokenExchangeRequestSchema,
  type TokenExchangeAnswer,
  type TokenExchangeError,
  type TokenExchangeErrorCode,
} from '../../contract/index';
import { JSON_TYPE, sendError } from '../http-answers';
import type { Metrics, TokenExchangeOutcome } from '../ops/metrics';
import type { RateLimits } from '../ops/rate-limit';
import { parseQueryString, rawQueryOf } from '../query-string';
import { readJsonBody, UpstreamError, type UpstreamAnswer } from '../proxy/upstream';

/**
 * Asks the API's token endpoint with a form body: over HTTP in proxy mode, in-process in demo mode (where the demo's
 * own rate limit counts the sign-in against clientIp, the address our client came from).
 */
export type AskToken = (form: string, cancel: AbortSignal, clientIp: string) => Promise<UpstreamAnswer>;

/**
 * The most of the token endpoint's answer read: a token answer is about 200 bytes, an error a sentence. Anything
 * larger is not a token (invalid_response), and parsing it would hold the event loop for nothing.
 */
export const TOKEN_ANSWER_MAX_BYTES = 16 * 1024;

export interface TokenExchangeOptions {
  askToken: AskToken;
  metrics: Metrics;
  rateLimits: RateLimits;
  /** Exchanges per client address per minute; 0 turns the limit off. */
  rateLimitMax: number;
}

/** Two keys in JSON or a form: anything near this size is not a sign-in. */
const REQUEST_MAX_BYTES = 4096;

const STATUS: Record<TokenExchangeErrorCode, number> = {
  invalid_client: 401,
  invalid_request: 400,
  rate_limited: 429,
  unreachable: 502,
  timeout: 504,
  invalid_response: 502,
  upstream_error: 502,
};

const OUTCOME: Record<TokenExchangeErrorCode, TokenExchangeOutcome> = {
  invalid_client: 'rejected',
  invalid_request: 'bad_request',
  rate_limited: 'upstream_error',
  unreachable: 'upstream_error',
  timeout: 'upstream_error',
  invalid_response: 'upstream_error',
  upstream_error: 'upstream_error',
};

const DESCRIPTIONS: Record<TokenExchangeErrorCode, string> = {
  invalid_client: 'These API keys were rejected',
  invalid_request: 'Send client_id and client_secret in a JSON or form body, and nothing in the URL',
  rate_limited: 'Too many sign-ins; try again in a minute',
  unreachable: "The API's token endpoint cannot be reached",
  timeout: "The API's token endpoint did not answer in time",
  invalid_response: "The API's token endpoint sent an answer that is not a token",
  upstream_error: "The API's token endpoint failed to issue a token",
};

function answerError(reply: FastifyReply, error: TokenExchangeErrorCode, description = DESCRIPTIONS[error]) {
  const body: TokenExchangeError = { error, error_description: description };
  return reply.code(STATUS[error]).type(JSON_TYPE).header('cache-control', 'no-store').send(body);
}

/** The keys from a JSON or form body; null when there are none to use. */
function readKeys(contentType: string | undefined, body: unknown) {
  if (typeof body !== 'string') return null;
  let fields: unknown;
  if (/^application\/json\b/i.test(contentType ?? '')) {
    try {
      fields = JSON.parse(body);
    } catch {
      // The parser's message quotes the body, secret and all: it goes nowhere.
      return null;
    }
  } else {
    const parsed = parseQueryString(body);
    if (!parsed.ok || [...parsed.params.values()].some((values) => values.length > 1)) return null;
    fields = Object.fromEntries([...parsed.params].map(([name, values]) => [name, values[0]]));
  }
  const keys = tokenExchangeRequestSchema.safeParse(fields);
  return keys.success ? keys.data : null;
}

/** What the token endpoint's answer means for the browser: a token, or one of the error codes. */
function judge(answer: UpstreamAnswer): TokenExchangeAnswer | TokenExchangeErrorCode {
  const json = readJsonBody(answer.headers, answer.body)?.value;
  const oauthError = oauthErrorSchema.safeParse(json);
  // Doorkeeper answers unknown keys with 401 invalid_client; some servers use 400 for it (RFC 6749 allows both).
  if (answer.status === 401 || (oauthError.success && oauthError.data.error === 'invalid_client')) {
    return 'invalid_client';
  }
  if (answer.status === 429) return 'rate_limited';
  if (answer.status < 200 || answer.status >= 300) return 'upstream_error';
  const token = oauthTokenSchema.safeParse(json);
  if (!token.success) return 'invalid_response';
  return {
    access_token: token.data.access_token,
    token_type: 'bearer',
    expires_in: token.data.expires_in ?? null,
    created_at: token.data.created_at ?? null,
  };
}

/**
 * POST /api/oauth/token: the sign-in with API keys (docs/api.md, "Signing in with API keys"). The browser posts
 * client_id and client_secret; this asks the API's token endpoint for a client-credentials token with them, in a
 * form body, and hands back the token and its expiry, or an error code the sign-in screen can switch on.
 *
 * The secret lives only in this request: it is not stored, not put in any URL, never logged (request logs carry
 * no bodies, and nothing here logs one), and no answer quotes it, not even the token endpoint's own words. Each
 * client address gets few exchanges a minute (TOKEN_RATE_LIMIT_MAX), counted like the proxy's limit (in Redis
 * when REDIS_URL is set), so the endpoint cannot be used to guess keys.
 */
export const tokenExchange: FastifyPluginAsync<TokenExchangeOptions> = async (app, options) => {
  const { metrics } = options;

  // Errors in this scope (the rate limit, an oversized or unreadable body) answer in the exchange's own form.
  app.setErrorHandler((error, _request, reply) => {
    const code = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
    const status = typeof code === 'number' ? code : 500;
    if (status === 429) return answerError(reply, 'rate_limited');
    if (status >= 400 && status < 500) {
      metrics.tokenExchange('bad_request');
      return answerError(reply, 'invalid_request');
    }
    // The name only: a message could quote what was being read.
    reply.log.error({ errorName: error instanceof Error ? error.name : typeof error }, 'token exchange failed');
    return sendError(reply, 500, 'Internal server error');
  });
  await options.rateLimits.register(app, { name: 'token', max: options.rateLimitMax });

  app.addContentTypeParser(
    ['application/json', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: REQUEST_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(TOKEN_EXCHANGE_PATH, { bodyLimit: REQUEST_MAX_BYTES }, async (request, reply) => {
    const fail = (error: TokenExchangeErrorCode) => {
      metrics.tokenExchange(OUTCOME[error]);
      return answerError(reply, error);
    };
    // Keys in the URL would be in every log and history on the way: refused, unread.
    if (rawQueryOf(request.url) !== '') return fail('invalid_request');
    const keys = readKeys(request.headers['content-type'], request.body);
    if (keys === null) return fail('invalid_request');

    const form = new URLSearchParams({
      grant_type: OAUTH_GRANT_TYPE,
      scope: OAUTH_SCOPE,
      client_id: keys.client_id,
      client_secret: keys.client_secret,
    }).toString();
    const cancel = new AbortController();
    reply.raw.once('close', () => {
      if (!reply.raw.writableFinished) cancel.abort();
    });

    let answer: UpstreamAnswer;
    try {
      answer = await options.askToken(form, cancel.signal, request.ip);
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error.reason === 'timeout') return fail('timeout');
      if (error.reason === 'too_large') return fail('invalid_response');
      return fail('unreachable');
    }
    const verdict = judge(answer);
    if (typeof verdict === 'string') {
      if (verdict === 'rate_limited') {
        const retryAfter = answer.headers['retry-after'];
        if (retryAfter !== undefined) reply.header('retry-after', retryAfter);
      }
      return fail(verdict);
    }
    metrics.tokenExchange('ok');
    return reply.type(JSON_TYPE).header('cache-control', 'no-store').send(verdict);
  });

  app.route({
    method: ['DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'PUT'],
    url: TOKEN_EXCHANGE_PATH,
    handler: async (_request, reply) => sendError(reply.header('allow', 'POST'), 405, 'Only POST is allowed here'),
  });
};
