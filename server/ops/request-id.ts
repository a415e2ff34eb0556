import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What an incoming X-Request-Id may look like to be kept: a UUID, a trace id, a load balancer's id. */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's genReqId: the id a load balancer or client sent in X-Request-Id, when it is a plain token, so that
 * one id follows a request across the hops; anything else (control characters, quotes, a huge value, two
 * headers) is replaced by a fresh UUID and never reaches a log line.
 */
export function requestId(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
}
