import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './security-headers';

/** What makes an answer private: no cache on the way may keep it, nor give it to a request with another token. */
export const PRIVATE_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  vary: 'Authorization',
};

/**
 * Every answer of the API (/endpoint/..., proxied or from the demo) and of the token endpoints (/oauth/token,
 * /api/oauth/token) belongs to whoever sent its Authorization header or keys: `Cache-Control: no-store` and
 * `Vary: Authorization`, whatever the upstream said. An upstream's `public, max-age=3600` passed on would let a
 * CDN in front serve one user's statistics to the next. Set as the answer leaves (onSend), after any handler.
 */
export function markPrivate(request: FastifyRequest, reply: FastifyReply): void {
  if (isApiPath(request.url)) setPrivate(reply);
}

/**
 * The private headers, added to a Vary the answer already has. For answers that skip onSend (the router's own
 * errors) it is called directly, whatever the path: a request that could not be read has no known owner, and an
 * error is never worth keeping.
 */
export function setPrivate(reply: FastifyReply): void {
  reply.header('cache-control', PRIVATE_HEADERS['cache-control']);
  const vary = reply.getHeader('vary');
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (!names.some((name) => name.toLowerCase() === 'authorization' || name === '*')) names.push('Authorization');
  reply.header('vary', names.join(', '));
}
