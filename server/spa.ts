import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { access } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendError } from './http-answers';
import { contentSecurityPolicy } from './security-headers';

/** Vite names everything under assets/ by content hash: a changed file is a new URL, so caches may keep it. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and the few unhashed files) must be revalidated so a deploy shows up at once. */
export const REVALIDATE = 'no-cache';

/** The CSP sources ('sha256-…') of the inline scripts in `html`: index.html's first script (vite.config.ts). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The CSP of index.html, which allows its own inline scripts by their hashes. Read again when the file sent has
 * changed (a build while the server runs), so the policy always fits the page.
 */
function indexPolicy(distDir: string) {
  const policies = new Map<string, string>();
  return (version: string): string => {
    let policy = policies.get(version);
    if (policy === undefined) {
      const html = readFileSync(join(distDir, 'index.html'), 'utf8');
      policy = contentSecurityPolicy(inlineScriptHashes(html));
      // index.html and its .br and .gz: three at a time, more only across builds.
      if (policies.size >= 6) policies.clear();
      policies.set(version, policy);
    }
    return policy;
  };
}

export function registerStatic(app: FastifyInstance, distDir: string): void {
  const assetsDir = join(distDir, 'assets') + sep;
  const policyOfIndex = indexPolicy(distDir);
  app.register(fastifyStatic, {
    root: distDir,
    index: ['index.html'],
    dotfiles: 'ignore',
    redirect: false,
    cacheControl: false,
    // The build writes .br and .gz beside each asset; they are sent when the browser accepts them.
    preCompressed: true,
    setHeaders: (reply, filePath, stat) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
      // index.html, or the .br or .gz the build wrote beside it.
      if (/^index\.html(\.br|\.gz)?$/.test(basename(filePath)) && !filePath.startsWith(assetsDir)) {
        reply.header('content-security-policy', policyOfIndex(`${filePath} ${stat.mtimeMs} ${stat.size}`));
      }
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
