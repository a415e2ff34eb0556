import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { PublicError } from '../http-answers';
import type { Metrics } from './metrics';

export interface RateLimit {
  /** Names the limit in metrics and in its Redis keys, e.g. 'proxy' or 'token'. */
  name: string;
  /** Requests per client address per window; 0 means no limit. */
  max: number;
  timeWindowMs?: number;
}

export interface RateLimitsOptions {
  /** Set: every limit counts in this Redis, shared by all instances. */
  redisUrl?: string | undefined;
  metrics: Metrics;
  log: FastifyBaseLogger;
}

const WARN_EVERY_MS = 60_000;
const KEY_PREFIX = 'course-stats:rate-limit:';
type Incr = FastifyRateLimitStore['incr'];

/**
 * Rate limits through @fastify/rate-limit, counted in Redis (its own Redis store, over ioredis) when REDIS_URL
 * is set, so that N instances let through what one would. When Redis cannot be reached the instance does not
 * stop serving and does not drop its limits: each request is counted by the plugin's own in-memory store
 * instead, so every instance enforces the limit on its own until Redis is back. That is logged as a warning at
 * most once a minute and counted in rate_limit_redis_fallbacks_total.
 *
 * `register(scope, { name, max })` puts a limit on every route of an encapsulated plugin: the proxy calls it,
 * and so can a token endpoint, which then shares the same Redis and the same fallback.
 */
export function createRateLimits({ redisUrl, metrics, log }: RateLimitsOptions) {
  let lastWarnedAt = Number.NEGATIVE_INFINITY;
  let unreachable = false;

  function redisUnreachable(error: unknown) {
    unreachable = true;
    metrics.redisUp(false);
    const now = Date.now();
    if (now - lastWarnedAt < WARN_EVERY_MS) return;
    lastWarnedAt = now;
    // The code and message only: never the URL, which may hold a password.
    const code = error instanceof Error && 'code' in error ? String(error.code) : undefined;
    const message = error instanceof Error ? error.message : String(error);
    log.warn(
      { redisError: { code, message } },
      'Redis cannot be reached: rate limits are counted per instance until it is back',
    );
  }

  const redis =
    redisUrl === undefined
      ? null
      : new Redis(redisUrl, {
          // Fail at once instead of queueing while disconnected: a request must not wait for Redis to return.
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          autoResendUnfulfilledCommands: false,
          // A Redis that accepts connections but does not answer costs a request at most this long.
          commandTimeout: 500,
          connectTimeout: 2_000,
        });
  metrics.redisUp(false);
  if (redis !== null) {
    redis.on('error', redisUnreachable);
    redis.on('ready', () => {
      if (unreachable) log.info('Redis is reachable again: rate limits are shared again');
      unreachable = false;
      metrics.redisUp(true);
    });
    redis.on('close', () => metrics.redisUp(false));
  }

  /** The Redis store when Redis is ready and answers; otherwise the in-memory one. */
  class RedisOrLocalStore implements FastifyRateLimitStore {
    constructor(
      private readonly shared: FastifyRateLimitStore | null,
      private readonly local: FastifyRateLimitStore,
    ) {}

    incr(...[key, callback, timeWindow, max]: Parameters<Incr>): void {
      const local = () => this.local.incr(key, callback, timeWindow, max);
      if (this.shared === null) return local();
      if (redis?.status !== 'ready') {
        redisUnreachable(new Error(`Redis connection is ${redis?.status ?? 'missing'}`));
        metrics.redisFallback();
        return local();
      }
      this.shared.incr(
        key,
        (error, result) => {
          if (error === null && result !== undefined) return callback(null, result);
          redisUnreachable(error);
          metrics.redisFallback();
          local();
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      return new RedisOrLocalStore(this.shared?.child(routeOptions) ?? null, this.local.child(routeOptions));
    }
  }

  return {
    async register(scope: FastifyInstance, limit: RateLimit): Promise<void> {
      if (limit.max <= 0) return;
      const shared = redis === null ? null : new RedisStore(false, false, redis, `${KEY_PREFIX}${limit.name}:`);
      const local = new LocalStore(false, false);
      await scope.register(rateLimit, {
        max: limit.max,
        timeWindow: limit.timeWindowMs ?? 60_000,
        store: class extends RedisOrLocalStore {
          constructor() {
            super(shared, local);
          }
        },
        onExceeded: () => metrics.rateLimited(limit.name),
        errorResponseBuilder: (_request, context) =>
          new PublicError(429, `Too many requests; try again in ${context.after}`),
      });
    },
    close(): void {
      redis?.disconnect();
    },
  };
}

export type RateLimits = ReturnType<typeof createRateLimits>;
