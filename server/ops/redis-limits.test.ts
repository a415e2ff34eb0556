// @vitest-environment node
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLogs, makeApp, portOf } from '../test-support';

// The real thing: Debian's redis-server on a free port, two app instances listening on 127.0.0.1 in proxy mode
// in front of one local upstream, both with REDIS_URL pointing at it. .ci/run installs redis-server when it is
// missing; where it cannot be found this suite is skipped, and says so loudly.

const REDIS_SERVER = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
const LIMIT = 6;
const STATS = '/endpoint/v1/courses/101/course_stats';
const AUTH = { authorization: 'Bearer redis-test-token' };

if (REDIS_SERVER === '') {
  console.warn(
    '\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n' +
      '!!! SKIPPED: server/ops/redis-limits.test.ts needs redis-server (apt-get install redis-server).\n' +
      '!!! Limits shared across instances through Redis are NOT tested on this machine.\n' +
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n',
  );
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const port = portOf(probe);
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

async function startRedis(port: number): Promise<ChildProcess> {
  // Redis keeps the machine's own clock when the suite runs on a moved one (scripts/unit-on-moved-clock.ts):
  // libfaketime and Redis's allocator do not start together, and the limits count windows, not dates.
  const { LD_PRELOAD: _movedClock, ...env } = process.env;
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'], env },
  );
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start in 10 s: ${output}`)), 10_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}: ${output}`)));
  });
  return child;
}

/** Polls until check() holds; fails after timeoutMs. */
async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function metric(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text
    .split('\n')
    .find((candidate) => candidate.startsWith(`${name} `) || candidate.startsWith(`${name}{`));
  return Number(line?.split(' ').at(-1) ?? Number.NaN);
}

describe.skipIf(REDIS_SERVER === '')('rate limits shared through a real Redis', () => {
  let redis: ChildProcess | undefined;
  let upstreamRequests = 0;
  const upstream = http.createServer((_request, response) => {
    upstreamRequests += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  });
  const instances: { app: FastifyInstance; url: string; logs: ReturnType<typeof captureLogs> }[] = [];

  beforeAll(async () => {
    const redisPort = await freePort();
    redis = await startRedis(redisPort);
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    for (let i = 0; i < 2; i += 1) {
      const logs = captureLogs();
      const app = makeApp(
        {
          apiBaseUrl: `http://127.0.0.1:${portOf(upstream)}`,
          rateLimitMax: LIMIT,
          redisUrl: `redis://127.0.0.1:${redisPort}`,
          logLevel: 'warn',
        },
        { logStream: logs.stream },
      );
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      instances.push({ app, url, logs });
    }
    for (const { url } of instances) {
      await waitFor('the instance to connect to Redis', async () => (await metric(url, 'rate_limit_redis_up')) === 1);
    }
  }, 30_000);

  afterAll(async () => {
    await Promise.all(instances.map(({ app }) => app.close()));
    if (redis && redis.exitCode === null) redis.kill('SIGKILL');
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it(
    'counts one limit across both instances, and keeps both answering with per-instance limits once Redis stops',
    { timeout: 30_000 },
    async () => {
      const [a, b] = instances;
      if (!a || !b) throw new Error('two instances expected');
      const get = async (base: string) => (await fetch(`${base}${STATS}`, { headers: AUTH })).status;

      // Alternating between the two: together they let the limit through once, not twice.
      const shared: number[] = [];
      for (let i = 0; i < LIMIT + 4; i += 1) shared.push(await get(i % 2 === 0 ? a.url : b.url));
      expect(shared).toEqual([...Array<number>(LIMIT).fill(200), 429, 429, 429, 429]);
      expect(upstreamRequests).toBe(LIMIT);
      expect((await metric(a.url, 'rate_limited_total')) + (await metric(b.url, 'rate_limited_total'))).toBe(4);

      // Redis goes away mid-run.
      const exited = new Promise((resolve) => redis?.once('exit', resolve));
      redis?.kill('SIGTERM');
      await exited;

      // Both keep answering, each now counting on its own: the limit still holds per instance, it is not lifted.
      for (const instance of [a, b]) {
        const statuses: number[] = [];
        for (let i = 0; i < LIMIT + 2; i += 1) statuses.push(await get(instance.url));
        expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), 429, 429]);
        expect((await fetch(`${instance.url}/healthz`)).status).toBe(200);
        expect(await metric(instance.url, 'rate_limit_redis_up')).toBe(0);
        expect(await metric(instance.url, 'rate_limit_redis_fallbacks_total')).toBe(LIMIT + 2);
        // One warning, not one per request or per reconnection attempt.
        const warnings = instance.logs.text().match(/Redis cannot be reached/g) ?? [];
        expect(warnings).toHaveLength(1);
        expect(instance.logs.text()).not.toContain('redis://');
      }
      expect(upstreamRequests).toBe(3 * LIMIT);
    },
  );
});
