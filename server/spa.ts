import { access } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './http-answers';

/** Vite names everything under assets/ by content hash: a changed file is a new URL, so caches may keep it. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and the few unhashed files) must be revalidated so a deploy shows up at once. */
export const REVALIDATE = 'no-cache';

export function registerStatic(app: FastifyInstance, distDir: string): void {
  const assetsDir = join(distDir, 'assets') + sep;
  app.register(fastifyStatic, {
    root: distDir,
    index: ['index.html'],
    dotfiles: 'ignore',
    redirect: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset; they are sent when the browser accepts them.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/**
 * History fallback: a GET for an app route (no file extension, not an API or asset path) gets index.html and
 * the client router takes it from there. Anything else that matched nothing is a JSON 404.
 */
export function isAppRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const path = url.split('?', 1)[0] ?? '';
  // Only origin-form targets ('/...'): '*' or 'host:port' name no page of the app.
  if (!path.startsWith('/')) return false;
  if (/^\/(endpoint|api|assets)(\/|$)/.test(path)) return false;
  return !path.slice(path.lastIndexOf('/') + 1).includes('.');
}

/** index.html, or 503 while the app has not been built (checked each time, so a later build is picked up). */
export async function serveIndex(reply: FastifyReply, distDir: string): Promise<FastifyReply> {
  try {
    await access(join(distDir, 'index.html'));
  } catch {
    return sendError(reply, 503, 'The app is not built; run npm run build');
  }
  return reply.sendFile('index.html');
}
