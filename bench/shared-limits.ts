// Benchmark 9: the proxy under 50 connections, one instance counting its rate limit in memory against two
// instances counting it in one shared Redis (and, to tell the two effects apart, one instance with Redis).

import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Benchmark } from './report';
import {
  BENCH_TOKEN,
  DEFAULT_RUNS,
  fmtInt,
  freePort,
  HOST,
  median,
  onCleanup,
  type RunningServer,
  startAppServer,
} from './support';

const CONNECTIONS = 50;
const DURATION_S = 8;
const WARM_UP_S = 2;
const PATH = '/endpoint/v1/courses/101/course_stats?page=1&per_page=10';
/** High enough never to be reached, so every request is counted and none refused. */
const RATE_LIMIT_MAX = '1000000';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}
type Autocannon = (options: {
  url: string | string[];
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
}

/** Debian's redis-server on a free port, without persistence; stopped by the suite's cleanup. */
async function startRedis(): Promise<{ url: string; version: string; stop: () => Promise<void> }> {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (found === '') throw new Error('redis-server is not installed (apt-get install redis-server)');
  const version = spawnSync(found, ['--version'], { encoding: 'utf8' }).stdout.match(/v=(\S+)/)?.[1] ?? '?';
  const port = await freePort();
  const child = spawn(found, ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = onCleanup(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await exited;
  });
  let output = '';
  const deadline = Date.now() + 10_000;
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  while (!output.includes('Ready to accept connections')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start: ${output}`);
    }
    await sleep(50);
  }
  return { url: `redis://${HOST}:${port}`, version, stop };
}

async function metricValue(server: RunningServer, name: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

async function hammer(urls: string[], duration: number): Promise<Sample> {
  const result = await autocannon({
    url: urls.map((url) => url + PATH),
    connections: CONNECTIONS,
    duration,
    headers: { authorization: `Bearer ${BENCH_TOKEN}` },
  });
  if (result.errors > 0 || result.timeouts > 0 || result.non2xx > 0) {
    throw new Error(
      `${urls.join(' + ')}: ${result.errors} errors, ${result.timeouts} timeouts, ` +
        `${result.non2xx} non-2xx answers of ${result.requests.total}`,
    );
  }
  return { requestsPerSecond: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export const sharedLimits: Benchmark = {
  id: 'shared-limits',
  aliases: ['9', 'redis', 'service'],
  title: 'Proxy under load: one instance against two sharing Redis (benchmark 9)',
  what:
    'Requests per second and p99 latency through the proxy with 50 connections: one instance counting its rate ' +
    'limit in memory, against two instances counting it in one shared Redis, side by side in one run.',
  needsBuild: false,
  timeoutMs: 8 * 60_000,
  async run(context) {
    const runs = context.runs ?? DEFAULT_RUNS;
    const redis = await startRedis();
    const upstream = await startAppServer('upstream (demo API)');
    const proxy = (name: string, redisUrl?: string) =>
      startAppServer(name, {
        API_BASE_URL: upstream.url,
        RATE_LIMIT_MAX,
        ...(redisUrl === undefined ? {} : { REDIS_URL: redisUrl }),
      });
    const alone = await proxy('proxy, no Redis');
    const pair = [await proxy('proxy 1 of 2, Redis', redis.url), await proxy('proxy 2 of 2, Redis', redis.url)];
    const single = await proxy('proxy, Redis, alone', redis.url);
    const withRedis = [...pair, single];
    const sides = [
      { name: 'one instance, limit in memory', servers: [alone], samples: [] as Sample[] },
      { name: 'two instances, limit in one shared Redis', servers: pair, samples: [] as Sample[] },
      { name: 'one instance, limit in Redis (not judged)', servers: [single], samples: [] as Sample[] },
    ];
    try {
      for (const server of withRedis) {
        const deadline = Date.now() + 10_000;
        while ((await metricValue(server, 'rate_limit_redis_up')) !== 1) {
          if (Date.now() > deadline) throw new Error(`${server.child.name} did not connect to Redis`);
          await sleep(100);
        }
      }
      for (const side of sides)
        await hammer(
          side.servers.map((server) => server.url),
          WARM_UP_S,
        );
      for (let run = 0; run < runs; run += 1) {
        const order = [...sides.slice(run % sides.length), ...sides.slice(0, run % sides.length)];
        for (const side of order) {
          const sample = await hammer(
            side.servers.map((server) => server.url),
            DURATION_S,
          );
          side.samples.push(sample);
          console.log(
            `  shared-limits run ${run + 1}/${runs} ${side.name}: ${fmtInt(sample.requestsPerSecond)} req/s, ` +
              `p99 ${sample.p99} ms`,
          );
        }
      }
      // The Redis sides really counted in Redis the whole time: no request fell back to a local count.
      for (const server of withRedis) {
        const fallbacks = await metricValue(server, 'rate_limit_redis_fallbacks_total');
        if (fallbacks !== 0) throw new Error(`${server.child.name}: ${fallbacks} requests fell back to a local count`);
      }
    } finally {
      for (const server of [alone, ...withRedis, upstream]) await server.stop();
      await redis.stop();
    }

    const rps = (samples: Sample[]) => median(samples.map((sample) => sample.requestsPerSecond));
    const p99 = (samples: Sample[]) => median(samples.map((sample) => sample.p99));
    const [base, shared, singleRedis] = sides as [(typeof sides)[0], (typeof sides)[0], (typeof sides)[0]];
    return {
      status: 'measured',
      method:
        `autocannon 9 in the suite's process, ${CONNECTIONS} connections, ${DURATION_S} s per run, GET ${PATH} with a ` +
        `Bearer token. Against two instances autocannon is given both URLs and spreads its connections round-robin ` +
        `(25 each). Every instance is \`node --import tsx server/main.ts\` in proxy mode (LOG_LEVEL=warn) with ` +
        `RATE_LIMIT_MAX=${RATE_LIMIT_MAX}, a limit high enough to count every request and refuse none; the Redis ` +
        `sides also have REDIS_URL set to one redis-server ${redis.version} (Debian's, no persistence). All proxy ` +
        'to one upstream, the demo API in its own process. Client, proxies, upstream and Redis share the 2 cores. ' +
        `${runs} runs per side after a ${WARM_UP_S} s warm-up of each, rotating which side goes first; medians of ` +
        "the runs' average req/s and of their p99. Every answer was checked to be a 2xx, and every Redis-side " +
        'instance to have counted in Redis throughout (rate_limit_redis_fallbacks_total stayed 0).',
      tables: [
        {
          headers: ['side', 'median req/s', 'runs (req/s)', 'p50 / p99 (median)', 'vs one instance: req/s; p99'],
          rows: sides.map((side) => [
            side.name,
            fmtInt(rps(side.samples)),
            side.samples.map((sample) => fmtInt(sample.requestsPerSecond)).join(', '),
            `${median(side.samples.map((sample) => sample.p50))} / ${p99(side.samples)} ms`,
            `${(rps(side.samples) / rps(base.samples)).toFixed(2)}×; ${(p99(side.samples) / p99(base.samples)).toFixed(2)}×`,
          ]),
        },
      ],
      targets: [],
      headline:
        `two instances sharing Redis: ${(rps(shared.samples) / rps(base.samples)).toFixed(2)}× the req/s of one ` +
        `instance counting in memory, p99 ${(p99(shared.samples) / p99(base.samples)).toFixed(2)}×`,
      notes: [
        'No numeric target: the figures show what sharing the limit through Redis costs here.',
        `Two instances sharing Redis: ${(rps(shared.samples) / rps(base.samples)).toFixed(2)}× the req/s of one ` +
          `instance counting in memory, p99 ${(p99(shared.samples) / p99(base.samples)).toFixed(2)}×. One instance ` +
          `counting in Redis: ${(rps(singleRedis.samples) / rps(base.samples)).toFixed(2)}×, which separates the cost ` +
          'of a Redis round trip per request from the effect of a second process.',
        'Everything shares the same 2 cores here, so a second instance brings no extra CPU; on machines with cores ' +
          'to spare per instance, instances add throughput, which this run cannot show.',
      ],
      data: { sides: sides.map((side) => ({ name: side.name, samples: side.samples })) },
    };
  },
};
