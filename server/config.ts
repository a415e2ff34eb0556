import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import * as z from 'zod/mini';
import { OAUTH_TOKEN_PATH } from '../contract/index';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-api/generated-courses';

/** The demo API's token. It is public on purpose: /api/config hands it to the sign-in screen in demo mode. */
export const DEFAULT_DEMO_TOKEN = 'demo-token-2026';
/** The demo API's keys for its token endpoint: public too, printed at start next to the token. */
export const DEFAULT_DEMO_CLIENT_ID = 'demo-client';
export const DEFAULT_DEMO_CLIENT_SECRET = 'demo-secret-2026';

/** The largest upstream body the proxy takes, decoded (UPSTREAM_MAX_BYTES): see the README for the size. */
export const UPSTREAM_MAX_BYTES_DEFAULT = 32 * 1024 * 1024;

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

// zod/mini, as in contract/ and the browser: one flavour of zod in the project.

// Unset and empty variables mean the same thing: `FOO= npm start` should not be an error.
const optional = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value: unknown) => (value === '' ? undefined : value)),
    z.optional(schema),
  );

const withDefault = <T extends z.ZodMiniType<string>>(schema: T, fallback: z.output<T>) =>
  z.pipe(
    optional(schema),
    z.transform((value: z.output<T> | undefined) => value ?? fallback),
  );

const wholeNumber = (min: number, max: number, fallback: number) =>
  z.pipe(
    z.pipe(
      optional(z.string().check(z.regex(/^\d+$/, 'must be a whole number'))),
      z.transform((value: string | undefined) => (value === undefined ? fallback : Number(value))),
    ),
    z.int().check(z.minimum(min), z.maximum(max)),
  );

const printableToken = () => z.string().check(z.regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces'));

/** A transform that refuses the value with a message (and never echoes it: REDIS_URL may hold a password). */
function refuse(payload: z.core.ParsePayload, input: unknown, message: string): never {
  payload.issues.push({ code: 'custom', message, input });
  return z.NEVER;
}

/**
 * API_BASE_URL: an http(s) origin, optionally with a base path. Everything that could make the target depend on
 * anything but this value (credentials, a query, a fragment, odd path characters) is refused at startup.
 * Returns the origin plus the base path without a trailing slash, e.g. 'https://lms.example.com/api'.
 */
const baseUrl = z.pipe(
  z.string(),
  z.transform((raw: string, payload) => {
    const fail = (message: string) => refuse(payload, raw, message);
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
  }),
);

/** OAUTH_TOKEN_PATH: a plain absolute path below API_BASE_URL, e.g. /oauth/token; nothing that could steer it. */
const plainPath = z
  .string()
  .check(z.regex(/^(\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/, 'must be a plain path such as /oauth/token'));

/** REDIS_URL: redis:// or rediss:// (TLS), as ioredis reads it; credentials allowed, never logged. */
const redisUrl = z.pipe(
  z.string(),
  z.transform((raw: string, payload) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return refuse(payload, '[redacted]', 'must be a URL such as redis://redis.internal:6379');
    }
    if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
      return refuse(payload, '[redacted]', 'must use redis:// or rediss://');
    }
    return raw;
  }),
);

/** TRUST_PROXY: the load balancers' addresses or CIDR ranges (or proxy-addr's loopback, linklocal, uniquelocal). */
const trustedProxies = z.pipe(
  z.string(),
  z.transform((raw: string, payload) => {
    const entries = raw.split(',').map((entry) => entry.trim());
    const valid = /^([0-9a-fA-F.:]+(\/\d{1,3})?|loopback|linklocal|uniquelocal)$/;
    if (entries.some((entry) => !valid.test(entry))) {
      return refuse(payload, raw, 'must be addresses or CIDR ranges separated by commas, e.g. 10.0.0.0/8');
    }
    return entries;
  }),
);

const envSchema = z.object({
  PORT: wholeNumber(0, 65_535, 8080),
  HOST: withDefault(z.string(), '127.0.0.1'),
  API_BASE_URL: optional(baseUrl),
  DEMO_TOKEN: withDefault(printableToken(), DEFAULT_DEMO_TOKEN),
  DEMO_CLIENT_ID: withDefault(printableToken(), DEFAULT_DEMO_CLIENT_ID),
  DEMO_CLIENT_SECRET: withDefault(printableToken(), DEFAULT_DEMO_CLIENT_SECRET),
  DEMO_TOKEN_TTL_S: wholeNumber(1, 31_536_000, 7200),
  DEMO_NESTED_LABEL_GROUPS: z.pipe(
    optional(z.enum(['0', '1'], 'must be 0 or 1')),
    z.transform((value: '0' | '1' | undefined) => value === '1'),
  ),
  DEMO_LATENCY_MS: wholeNumber(0, 60_000, 0),
  DEMO_FAILURE_RATE: z.pipe(
    optional(z.string().check(z.regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1'))),
    z.transform((value: string | undefined) => (value === undefined ? 0 : Number(value))),
  ),
  DEMO_ACCOUNT: withDefault(z.enum(DEMO_ACCOUNTS, `must be ${DEMO_ACCOUNTS.join(' or ')}`), 'standard'),
  DEMO_RATE_LIMIT_MAX: wholeNumber(0, 1_000_000, 0),
  RATE_LIMIT_MAX: wholeNumber(0, 1_000_000, 600),
  OAUTH_TOKEN_PATH: withDefault(plainPath, OAUTH_TOKEN_PATH),
  TOKEN_RATE_LIMIT_MAX: wholeNumber(0, 1_000_000, 10),
  DIST_DIR: z.pipe(
    optional(z.string()),
    z.transform((value: string | undefined) => resolve(value ?? resolve(REPO_ROOT, 'dist'))),
  ),
  LOG_LEVEL: withDefault(z.enum(LOG_LEVELS), 'info'),
  UPSTREAM_TIMEOUT_MS: wholeNumber(1, 600_000, 30_000),
  // Twice the 5,000-group label tree the app is measured with (9.1 MiB of JSON) is 18.3 MiB; 32 MiB leaves room for
  // longer or Cyrillic (two bytes a letter) texts. It caps what one request may hold, counted after decoding.
  UPSTREAM_MAX_BYTES: wholeNumber(1, 1024 * 1024 * 1024, UPSTREAM_MAX_BYTES_DEFAULT),
  // The 9 MiB label tree leaves as 222 KB of brotli: 30 s is enough for it at 60 kbit/s, and for a whole 32 MiB
  // answer, uncompressed, at 9 Mbit/s.
  SEND_TIMEOUT_MS: wholeNumber(1, 600_000, 30_000),
  REDIS_URL: optional(redisUrl),
  METRICS_TOKEN: optional(printableToken()),
  TRUST_PROXY: optional(trustedProxies),
  SHUTDOWN_DELAY_MS: z.pipe(
    z.pipe(
      optional(z.string().check(z.regex(/^\d+$/, 'must be a whole number'))),
      z.transform((value: string | undefined) => (value === undefined ? undefined : Number(value))),
    ),
    z.optional(z.int().check(z.maximum(120_000))),
  ),
});

export interface Config {
  port: number;
  host: string;
  /** Set: proxy mode, forwarding /endpoint/v1 to this origin (+ base path). Null: demo mode. */
  apiBaseUrl: string | null;
  demoToken: string;
  /** The keys the demo API's token endpoint accepts. */
  demoClientId: string;
  demoClientSecret: string;
  /** How long a token the demo API's token endpoint issues lasts. DEMO_TOKEN itself never expires. */
  demoTokenTtlS: number;
  /** Parent ids in the demo's label groups: beyond the spec (group_id null or ''), for trying out nesting. */
  demoNestedLabelGroups: boolean;
  demoLatencyMs: number;
  /** 0..1: the share of demo API answers that fail with 503. */
  demoFailureRate: number;
  /** The demo's courses: the standard account, or the large one (about 5,000 courses) for the benchmark. */
  demoAccount: DemoAccount;
  /** Requests per client address per minute on the demo API's /endpoint/v1; 0 (the default) turns the limit off. */
  demoRateLimitMax: number;
  /** Requests per client address per minute on the proxied /endpoint/v1; 0 turns the limit off. */
  rateLimitMax: number;
  /** The API's token endpoint, below apiBaseUrl. */
  oauthTokenPath: string;
  /** Token exchanges per client address per minute on our /api/oauth/token; 0 turns the limit off. */
  tokenRateLimitMax: number;
  /** The built SPA; null serves no static files (the Vite dev server does that in `npm run dev`). */
  distDir: string | null;
  logLevel: (typeof LOG_LEVELS)[number];
  upstreamTimeoutMs: number;
  upstreamMaxBytes: number;
  /**
   * How long a client may take to read a proxied answer, from its first byte on; then the connection is closed.
   * What a client that never reads can hold is bounded by this in time and by the answer room in bytes.
   */
  sendTimeoutMs: number;
  /** Set: rate limits count in this Redis, shared by every instance. Unset: each instance counts its own. */
  redisUrl?: string | undefined;
  /** Set: /metrics answers only to `Authorization: Bearer <this>`. */
  metricsToken?: string | undefined;
  /**
   * Load balancers whose X-Forwarded-For is believed: the rate limit then counts per client behind them. Unset:
   * per socket address, which behind a load balancer is the balancer's.
   */
  trustProxy?: string[] | undefined;
  /** On SIGTERM, how long /readyz says 503 while still serving, before the listener closes (unset: 0). */
  shutdownDelayMs?: number | undefined;
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
    demoClientId: e.DEMO_CLIENT_ID,
    demoClientSecret: e.DEMO_CLIENT_SECRET,
    demoTokenTtlS: e.DEMO_TOKEN_TTL_S,
    demoNestedLabelGroups: e.DEMO_NESTED_LABEL_GROUPS,
    demoLatencyMs: e.DEMO_LATENCY_MS,
    demoFailureRate: e.DEMO_FAILURE_RATE,
    demoAccount: e.DEMO_ACCOUNT,
    demoRateLimitMax: e.DEMO_RATE_LIMIT_MAX,
    rateLimitMax: e.RATE_LIMIT_MAX,
    oauthTokenPath: e.OAUTH_TOKEN_PATH,
    tokenRateLimitMax: e.TOKEN_RATE_LIMIT_MAX,
    distDir: e.DIST_DIR,
    logLevel: e.LOG_LEVEL,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamMaxBytes: e.UPSTREAM_MAX_BYTES,
    sendTimeoutMs: e.SEND_TIMEOUT_MS,
    // Optional settings are left out when unset, so a config without them looks as it always did.
    ...(e.REDIS_URL === undefined ? {} : { redisUrl: e.REDIS_URL }),
    ...(e.METRICS_TOKEN === undefined ? {} : { metricsToken: e.METRICS_TOKEN }),
    ...(e.TRUST_PROXY === undefined ? {} : { trustProxy: e.TRUST_PROXY }),
    ...(e.SHUTDOWN_DELAY_MS === undefined ? {} : { shutdownDelayMs: e.SHUTDOWN_DELAY_MS }),
  };
}
