import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type LabelValues } from 'prom-client';

// The figures /metrics serves, in Prometheus' text format (prom-client). Every label value comes from a short,
// fixed list or from the router's route pattern, never from the request itself: no token, user id, email or raw
// URL can reach a label, and label sets stay bounded whatever clients send.

/** How a proxied request to the upstream ended. */
export type UpstreamOutcome =
  | 'ok'
  | '4xx'
  | '5xx'
  | 'timeout'
  | 'too_large'
  | 'busy'
  | 'not_json'
  | 'unreachable'
  | 'closed'
  | 'cancelled'
  | 'unexpected_status';

/** How a token exchange (the token endpoint, once there is one) ended. */
export type TokenExchangeOutcome = 'ok' | 'rejected' | 'bad_request' | 'upstream_error';

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The label for a request no route matched (the not-found handler, which also serves the SPA's routes). */
export const UNMATCHED_ROUTE = 'unmatched';

// Process metrics (CPU, memory, event loop, GC) describe the process, not one app: collected once per process
// into their own registry, however many apps the tests build.
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (processRegistry === undefined) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface MetricName {
  name: string;
  help: string;
}

/**
 * A count of finished things and a histogram of how long they took, under the same labels and always observed
 * together. Registered count first, so /metrics lists them in that order.
 */
function timedCounter<L extends string>(
  registers: Registry[],
  labelNames: readonly L[],
  names: { count: MetricName; duration: MetricName },
): (labels: LabelValues<L>, seconds: number) => void {
  const count = new Counter({ ...names.count, labelNames, registers });
  const duration = new Histogram({ ...names.duration, labelNames, buckets: SECONDS_BUCKETS, registers });
  return (labels, seconds) => {
    count.inc(labels);
    duration.observe(labels, seconds);
  };
}

export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  // Started with the app, not at the first scrape: prom-client counts the process's CPU time from when its metrics
  // are made, so made at the first scrape, that scrape read the few microseconds of its own collection, often 0.
  const processWide = processMetrics();

  const observeHttpRequest = timedCounter(registers, ['route', 'method', 'status'], {
    count: { name: 'http_requests_total', help: 'Requests answered, by route pattern, method and status.' },
    duration: {
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route pattern, method and status.',
    },
  });
  const observeUpstreamRequest = timedCounter(registers, ['outcome'], {
    count: { name: 'upstream_requests_total', help: 'Requests the proxy sent to the upstream API, by outcome.' },
    duration: {
      name: 'upstream_request_duration_seconds',
      help: 'Time the upstream API took to answer (or to fail), by outcome.',
    },
  });
  const rateLimited = new Counter({
    name: 'rate_limited_total',
    help: 'Requests answered 429 by a rate limit, by the name of the limit.',
    labelNames: ['limit'] as const,
    registers,
  });
  const tokenExchanges = new Counter({
    name: 'token_exchanges_total',
    help: 'Token exchanges at the token endpoint, by outcome.',
    labelNames: ['outcome'] as const,
    registers,
  });
  const redisFallbacks = new Counter({
    name: 'rate_limit_redis_fallbacks_total',
    help: 'Requests whose rate limit was counted by this instance alone because Redis was unreachable.',
    registers,
  });
  let answerRoomUsed = () => 0;
  new Gauge({
    name: 'proxy_answer_room_bytes',
    help: 'Bytes the bodies of large proxied answers hold now, read or being sent; at most twice UPSTREAM_MAX_BYTES.',
    registers,
    collect() {
      this.set(answerRoomUsed());
    },
  });
  const redisUp = new Gauge({
    name: 'rate_limit_redis_up',
    help: '1 while rate limits count in the shared Redis; 0 while Redis is unreachable (or not configured).',
    registers,
  });

  return {
    /** Prometheus' content type and the text to serve. */
    contentType: registry.contentType,
    async text(): Promise<string> {
      return (await registry.metrics()) + (await processWide.metrics());
    },
    observeRequest(route: string | undefined, method: string, status: number, seconds: number) {
      const labels = {
        route: route ?? UNMATCHED_ROUTE,
        method: KNOWN_METHODS.has(method) ? method : 'OTHER',
        status: String(status),
      };
      observeHttpRequest(labels, seconds);
    },
    observeUpstream(outcome: UpstreamOutcome, seconds: number) {
      observeUpstreamRequest({ outcome }, seconds);
    },
    rateLimited(limit: string) {
      rateLimited.inc({ limit });
    },
    tokenExchange(outcome: TokenExchangeOutcome) {
      tokenExchanges.inc({ outcome });
    },
    redisFallback() {
      redisFallbacks.inc();
    },
    redisUp(up: boolean) {
      redisUp.set(up ? 1 : 0);
    },
    /** Where proxy_answer_room_bytes is read from (server/proxy/answer-room.ts). */
    watchAnswerRoom(usedBytes: () => number) {
      answerRoomUsed = usedBytes;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
