import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { bearerToken } from '../bearer';
import { sendError } from '../http-answers';
import type { Metrics } from './metrics';
import type { Lifecycle } from './readiness';

export interface OpsOptions {
  metrics: Metrics;
  lifecycle: Lifecycle;
  /** Whether the app can do its job now (demo: always; proxy: the upstream answers). */
  canServe: () => Promise<boolean>;
  /** Set: /metrics wants `Authorization: Bearer <metricsToken>`. */
  metricsToken?: string | undefined;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Probes and metrics for whoever runs the service. Probes need no token, sit outside every rate limit (those
 * live in the API's own plugins) and log below info: a load balancer asks every few seconds.
 */
export function registerOps(app: FastifyInstance, options: OpsOptions): void {
  const { metrics, lifecycle } = options;
  const quiet = { logLevel: 'warn' as const };

  app.addHook('onResponse', (request, reply, done) => {
    metrics.observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  app.get('/healthz', quiet, (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));

  app.get('/readyz', quiet, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (lifecycle.draining) return reply.code(503).send({ status: 'stopping' });
    if (!(await options.canServe())) return reply.code(503).send({ status: 'upstream unavailable' });
    return reply.send({ status: 'ready' });
  });

  app.get('/metrics', quiet, async (request, reply) => {
    if (options.metricsToken !== undefined) {
      const token = bearerToken(request.headers.authorization);
      if (typeof token !== 'string' || !sameSecret(token, options.metricsToken)) {
        return sendError(reply.header('www-authenticate', 'Bearer'), 401, 'The metrics need a Bearer token');
      }
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.contentType)
      .send(await metrics.text());
  });
}
