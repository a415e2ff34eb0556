import type { FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './security-headers';

/**
 * Every answer of the API (/endpoint/..., proxied or from the demo) and of the token endpoints (/oauth/token,
 * /api/oauth/token) belongs to whoever sent its Authorization header or keys: `Cache-Control: no-store` and
 * `Vary: Authorization`, whatever the upstream said. An upstream's `public, max-age=3600` passed on would let a
 * CDN in front serve one user's statistics to the next. Set as the answer leaves (onSend), after any handler.
 */
export function markPrivate(request: FastifyRequest, reply: FastifyReply): void {
  if (!isApiPath(request.url)) return;
  reply.header('cache-control', 'no-store');
  const vary = reply.getHeader('vary');
  const names = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (!names.some((name) => name.toLowerCase() === 'authorization' || name === '*')) names.push('Authorization');
  reply.header('vary', names.join(', '));
}
