import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX, CONFIG_PATH, LABEL_GROUPS_PATH, OAUTH_TOKEN_PATH, type ServerConfig } from '../contract/index';
import { registerCompression } from './compression';
import type { Config } from './config';
import { demoApi } from './demo-api/demo-api';
import { IssuedTokens } from './demo-api/issued-tokens';
import { demoOAuth } from './demo-api/oauth';
import { JSON_TYPE, PublicError, sendError } from './http-answers';
import { markPrivate, PRIVATE_HEADERS, setPrivate } from './private-answers';
import { serializeRequest } from './log-redaction';
import { TOKEN_ANSWER_MAX_BYTES, tokenExchange, type AskToken } from './oauth/token-exchange';
import { createMetrics } from './ops/metrics';
import { registerOps } from './ops/ops-routes';
import { createRateLimits } from './ops/rate-limit';
import { Lifecycle, upstreamCheck } from './ops/readiness';
import { requestIdGenerator } from './ops/request-id';
import { proxyApi } from './proxy/proxy';
import { createUpstream } from './proxy/upstream';
import { applySecurityHeaders, securityHeadersFor } from './security-headers';
import { isAppRoute, registerStatic, serveIndex } from './spa';

export interface BuildAppOptions {
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: { write(line: string): void };
  /** The random source behind DEMO_FAILURE_RATE; tests script it. */
  random?: () => number;
  /** Draining turns /readyz to 503; main.ts drains on SIGTERM. */
  lifecycle?: Lifecycle;
  /** The clock of the demo: its issued tokens expire by it, and its dates follow its day. Tests pin it. */
  now?: () => number;
}

/** A sign-in waits at most this long for the token endpoint (less when UPSTREAM_TIMEOUT_MS is shorter). */
const tokenTimeoutMs = (config: Config) => Math.min(config.upstreamTimeoutMs, 10_000);

function clientErrorStatus(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/**
 * The whole server, registered by hand: headers, request ids, probes and metrics, config, the API (proxy or
 * demo), the SPA, errors.
 */
export function buildApp(config: Config, options: BuildAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Every log line of a request carries its id (reqId), and the answer carries it as X-Request-Id. An incoming
    // X-Request-Id is kept only from a balancer TRUST_PROXY names, and only when it is a plain token.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.trustProxy),
    // Only the configured load balancers may say who the client is (request.ip, which the rate limit counts by).
    trustProxy: config.trustProxy ?? false,
    // While closing, a request that still arrives on an open connection is answered normally (and the connection
    // closed after it, see below) instead of Fastify's own 503, which has neither our body nor our headers.
    return503OnClosing: false,
    // A request Node cannot parse never becomes a Fastify request. The default handler would log the raw bytes
    // (token included) at trace level; this one logs the error code only and answers in our shape.
    clientErrorHandler: (error, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      app.log.debug({ code: error.code }, 'unparseable request');
      const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const body = JSON.stringify({ error: STATUS_CODES[status] ?? 'Bad Request' });
      // Only the request line's start is read, to pick the headers; never logged (it may hold a token). Node
      // hands over a Buffer here, whatever Fastify's type says.
      const raw: unknown = error.rawPacket;
      const start = Buffer.isBuffer(raw) ? raw.toString('latin1', 0, 64) : '';
      const target = /^[A-Z]+ (\S+)/.exec(start)?.[1] ?? '';
      // Private whatever the target: the bytes read may not be the whole request line, and an error is never
      // worth keeping.
      const headers = Object.entries({ ...securityHeadersFor(target), ...PRIVATE_HEADERS }).map(
        ([name, value]) => `${name}: ${value}\r\n`,
      );
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.join('')}content-type: ${JSON_TYPE}\r\n` +
            `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
    // A path the router cannot even decode (%zz) never reaches hooks or handlers (onRequest, onSend): answer it
    // here, same shape, with the headers those hooks would have set.
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(reply, request.url);
      setPrivate(reply);
      reply.header('x-request-id', request.id);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, 'The URL is too long');
      return sendError(reply, 400, 'The URL is not valid');
    },
  });

  app.addHook('onRequest', (request, reply, done) => {
    applySecurityHeaders(reply, request.url);
    reply.header('x-request-id', request.id);
    done();
  });

  // Graceful shutdown: close() waits for every connection, and a browser keeps its connection open after an
  // answer. Once closing, answers in flight tell the client to hang up, so close() ends when they are done.
  const lifecycle = options.lifecycle ?? new Lifecycle();
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    lifecycle.drain();
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    markPrivate(request, reply);
    done(null, payload);
  });

  // Nothing here takes a body. Accepting any without reading it means a POST gets its 405, not a parse error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  // It attaches to the routes of the plugins registered after it (API, proxy, token exchange, static files). The
  // probes, /metrics and /api/config are added on the spot, before it loads, and stay uncompressed: all small.
  registerCompression(app);

  // Client errors keep their status (with a generic text unless written for the client); anything else is a
  // 500 whose details go to the log only.
  app.setErrorHandler((error, request, reply) => {
    const status = clientErrorStatus(error) ?? 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const generic = status === 500 ? 'Internal server error' : (STATUS_CODES[status] ?? 'Bad request');
    const message = error instanceof PublicError ? error.message : generic;
    return sendError(reply, status, message);
  });

  const metrics = createMetrics();
  const upstream = config.apiBaseUrl
    ? createUpstream({
        baseUrl: config.apiBaseUrl,
        timeoutMs: config.upstreamTimeoutMs,
        maxBodyBytes: config.upstreamMaxBytes,
      })
    : null;
  if (upstream) metrics.watchAnswerRoom(() => upstream.room.usedBytes);
  const rateLimits = createRateLimits({ redisUrl: config.redisUrl, metrics, log: app.log });
  app.addHook('onClose', async () => {
    upstream?.close();
    rateLimits.close();
  });
  registerOps(app, {
    metrics,
    lifecycle,
    // Demo mode: the demo API is part of this process, ready once the app is.
    canServe: upstream ? upstreamCheck(upstream, { probePath: LABEL_GROUPS_PATH }) : async () => true,
    metricsToken: config.metricsToken,
  });

  // rateLimitMax: the limit per client address per minute on /endpoint/v1 (ops/rate-limit.ts), the proxy's or the
  // demo API's, so that the app paces itself under it.
  const serverConfig: ServerConfig = config.apiBaseUrl
    ? { mode: 'proxy', upstreamHost: new URL(config.apiBaseUrl).host, rateLimitMax: config.rateLimitMax }
    : { mode: 'demo', demoToken: config.demoToken, rateLimitMax: config.demoRateLimitMax };
  app.get(CONFIG_PATH, (_request, reply) => reply.header('cache-control', 'no-store').send(serverConfig));

  if (upstream) {
    app.register(proxyApi, {
      prefix: API_PREFIX,
      upstream,
      metrics,
      rateLimits,
      rateLimitMax: config.rateLimitMax,
      sendTimeoutMs: config.sendTimeoutMs,
    });
  } else {
    const issued = new IssuedTokens(config.demoTokenTtlS, options.now);
    app.register(demoOAuth, {
      clientId: config.demoClientId,
      clientSecret: config.demoClientSecret,
      tokens: issued,
      rateLimits,
      rateLimitMax: config.tokenRateLimitMax,
    });
    app.register(demoApi, {
      prefix: API_PREFIX,
      token: config.demoToken,
      isIssued: (token) => issued.isValid(token),
      nestedLabelGroups: config.demoNestedLabelGroups,
      ...(options.now ? { now: options.now } : {}),
      latencyMs: config.demoLatencyMs,
      failureRate: config.demoFailureRate,
      random: options.random ?? Math.random,
      account: config.demoAccount,
      rateLimits,
      rateLimitMax: config.demoRateLimitMax,
    });
  }

  // The sign-in with API keys: in proxy mode it asks the API's token endpoint; in demo mode the demo's own, through
  // the same route a client would use (inject: in-process, no socket).
  const askToken: AskToken = upstream
    ? (form, cancel) =>
        upstream.postForm(config.oauthTokenPath, form, cancel, {
          timeoutMs: tokenTimeoutMs(config),
          maxBytes: TOKEN_ANSWER_MAX_BYTES,
        })
    : async (form, _cancel, clientIp) => {
        const answer = await app.inject({
          method: 'POST',
          url: OAUTH_TOKEN_PATH,
          // The demo's token endpoint counts its rate limit by this address, as it would for a direct request.
          remoteAddress: clientIp,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
        });
        const header = (name: string) => {
          const value = answer.headers[name];
          return value === undefined ? {} : { [name]: String(value) };
        };
        return {
          status: answer.statusCode,
          headers: { ...header('content-type'), ...header('retry-after') },
          body: answer.rawPayload,
        };
      };
  app.register(tokenExchange, { askToken, metrics, rateLimits, rateLimitMax: config.tokenRateLimitMax });

  const { distDir } = config;
  if (distDir !== null) registerStatic(app, distDir);

  app.setNotFoundHandler(async (request, reply) => {
    if (distDir !== null && isAppRoute(request.method, request.url)) return serveIndex(reply, distDir);
    return sendError(reply, 404, 'Not found');
  });

  return app;
}
