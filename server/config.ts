import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { z } from 'zod';

/** The demo API's token. It is public on purpose: /api/config hands it to the sign-in screen in demo mode. */
export const DEFAULT_DEMO_TOKEN = 'demo-token-2026';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// Unset and empty variables mean the same thing: `FOO= npm start` should not be an error.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const wholeNumber = (min: number, max: number, fallback: number) =>
  optional(z.string().regex(/^\d+$/, 'must be a whole number'))
    .transform((value) => (value === undefined ? fallback : Number(value)))
    .pipe(z.number().int().min(min).max(max));

/**
 * API_BASE_URL: an http(s) origin, optionally with a base path. Everything that could make the target depend on
 * anything but this value (credentials, a query, a fragment, odd path characters) is refused at startup.
 * Returns the origin plus the base path without a trailing slash, e.g. 'https://lms.example.com/api'.
 */
const baseUrl = z.string().transform((raw, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return fail('must be an absolute URL such as https://lms.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('must use http or https');
  if (url.username !== '' || url.password !== '') return fail('must not contain credentials');
  if (raw.includes('?') || raw.includes('#')) return fail('must not contain a query or a fragment');
  // The URL parser would quietly resolve '..', '%2e%2e' and '\'; refuse them instead of guessing.
  const plainPath = /^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)*\/?$/;
  if (/[%\\]|\/\.\.?(\/|$)/.test(raw) || !plainPath.test(url.pathname)) {
    return fail('path must be "/" or a plain base path such as /api');
  }
  return url.origin + url.pathname.replace(/\/$/, '');
});

const envSchema = z.object({
  PORT: wholeNumber(0, 65_535, 8080),
  HOST: optional(z.string()).transform((value) => value ?? '127.0.0.1'),
  API_BASE_URL: optional(baseUrl),
  DEMO_TOKEN: optional(z.string().regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')).transform(
    (value) => value ?? DEFAULT_DEMO_TOKEN,
  ),
  DEMO_LATENCY_MS: wholeNumber(0, 60_000, 0),
  DEMO_FAILURE_RATE: optional(z.string().regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1')).transform(
    (value) => (value === undefined ? 0 : Number(value)),
  ),
  RATE_LIMIT_MAX: wholeNumber(0, 1_000_000, 600),
  DIST_DIR: optional(z.string()).transform((value) => resolve(value ?? resolve(REPO_ROOT, 'dist'))),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).transform((value) => value ?? 'info'),
  UPSTREAM_TIMEOUT_MS: wholeNumber(1, 600_000, 30_000),
  UPSTREAM_MAX_BYTES: wholeNumber(1, 1024 * 1024 * 1024, 10 * 1024 * 1024),
});

export interface Config {
  port: number;
  host: string;
  /** Set: proxy mode, forwarding /endpoint/v1 to this origin (+ base path). Null: demo mode. */
  apiBaseUrl: string | null;
  demoToken: string;
  demoLatencyMs: number;
  /** 0..1: the share of demo API answers that fail with 503. */
  demoFailureRate: number;
  /** Requests per client address per minute on the proxied /endpoint/v1; 0 turns the limit off. */
  rateLimitMax: number;
  /** The built SPA; null serves no static files (the Vite dev server does that in `npm run dev`). */
  distDir: string | null;
  logLevel: (typeof LOG_LEVELS)[number];
  upstreamTimeoutMs: number;
  upstreamMaxBytes: number;
}

/** Reads the environment once; throws one error naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`);
    throw new Error(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    apiBaseUrl: e.API_BASE_URL ?? null,
    demoToken: e.DEMO_TOKEN,
    demoLatencyMs: e.DEMO_LATENCY_MS,
    demoFailureRate: e.DEMO_FAILURE_RATE,
    rateLimitMax: e.RATE_LIMIT_MAX,
    distDir: e.DIST_DIR,
    logLevel: e.LOG_LEVEL,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamMaxBytes: e.UPSTREAM_MAX_BYTES,
  };
}
