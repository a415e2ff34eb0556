import { STATUS_CODES } from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { API_PREFIX, CONFIG_PATH, type ServerConfig } from '../contract/index';
import type { Config } from './config';
import { demoApi } from './demo-api/demo-api';
import { JSON_TYPE, PublicError, sendError } from './http-answers';
import { serializeRequest } from './log-redaction';
import { proxyApi } from './proxy/proxy';
import { applySecurityHeaders, SECURITY_HEADERS } from './security-headers';
import { isAppRoute, registerStatic, serveIndex } from './spa';

export interface BuildAppOptions {
  /** Where log lines go (stdout by default); tests capture them. */
  logStream?: { write(line: string): void };
  /** The random source behind DEMO_FAILURE_RATE; tests script it. */
  random?: () => number;
}

function clientErrorStatus(error: unknown): number | undefined {
  const status = typeof error === 'object' && error !== null && 'statusCode' in error ? error.statusCode : undefined;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : undefined;
}

/** The whole server, registered by hand: headers, health, config, the API (proxy or demo), the SPA, errors. */
export function buildApp(config: Config, options: BuildAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
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
      const headers = Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`);
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers.join('')}content-type: ${JSON_TYPE}\r\n` +
            `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy();
    },
    // A path the router cannot even decode (%zz) never reaches hooks or handlers: answer it here, same shape.
    frameworkErrors: (error, _request, reply) => {
      applySecurityHeaders(reply);
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendError(reply, 414, 'The URL is too long');
      return sendError(reply, 400, 'The URL is not valid');
    },
  });

  app.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply);
    done();
  });

  // Graceful shutdown: close() waits for every connection, and a browser keeps its connection open after an
  // answer. Once closing, answers in flight tell the client to hang up, so close() ends when they are done.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // Nothing here takes a body. Accepting any without reading it means a POST gets its 405, not a parse error.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

  // Client errors keep their status (with a generic text unless written for the client); anything else is a
  // 500 whose details go to the log only.
  app.setErrorHandler((error, request, reply) => {
    const status = clientErrorStatus(error) ?? 500;
    if (status === 500) request.log.error({ err: error }, 'request failed');
    const generic = status === 500 ? 'Internal server error' : (STATUS_CODES[status] ?? 'Bad request');
    const message = error instanceof PublicError ? error.message : generic;
    return sendError(reply, status, message);
  });

  app.get('/healthz', (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  const serverConfig: ServerConfig = config.apiBaseUrl
    ? { mode: 'proxy', upstreamHost: new URL(config.apiBaseUrl).host }
    : { mode: 'demo', demoToken: config.demoToken };
  app.get(CONFIG_PATH, (_request, reply) => reply.header('cache-control', 'no-store').send(serverConfig));

  if (config.apiBaseUrl) {
    app.register(proxyApi, {
      prefix: API_PREFIX,
      baseUrl: config.apiBaseUrl,
      timeoutMs: config.upstreamTimeoutMs,
      maxBodyBytes: config.upstreamMaxBytes,
      rateLimitMax: config.rateLimitMax,
    });
  } else {
    app.register(demoApi, {
      prefix: API_PREFIX,
      token: config.demoToken,
      latencyMs: config.demoLatencyMs,
      failureRate: config.demoFailureRate,
      random: options.random ?? Math.random,
    });
  }

  const { distDir } = config;
  if (distDir !== null) registerStatic(app, distDir);

  app.setNotFoundHandler(async (request, reply) => {
    if (distDir !== null && isAppRoute(request.method, request.url)) return serveIndex(reply, distDir);
    return sendError(reply, 404, 'Not found');
  });

  return app;
}
