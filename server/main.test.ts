import { spawn } from 'node:child_process';
import http from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_TOKEN } from './config';
import { portOf } from './test-support';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs server/main.ts as `npm run serve` would; resolves once it prints its URL. */
async function startMain(env: Record<string, string>) {
  const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', API_BASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: tsx runs the server in a child process, and cleanup must reach both.
    detached: true,
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed in 20 s: ${output}`)), 20_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match && /Demo mode|Proxying/.test(output)) {
        clearTimeout(timer);
        resolve(match[0]);
      }
    });
  });
  return {
    url,
    output: () => output,
    exited,
    sigterm: () => child.kill('SIGTERM'),
    kill() {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    },
  };
}

describe('main', () => {
  it(
    'prints its URL and token, finishes the in-flight request on SIGTERM and exits 0',
    { timeout: 30_000 },
    async () => {
      const main = await startMain({ DEMO_LATENCY_MS: '1500' });
      try {
        expect(main.output()).toContain(DEFAULT_DEMO_TOKEN);
        const started = performance.now();
        const inFlight = fetch(`${main.url}/endpoint/v1/label_groups`);
        // Let the request reach the server (it then waits DEMO_LATENCY_MS) before asking the server to stop.
        await new Promise((resolve) => setTimeout(resolve, 400));
        main.sigterm();
        const response = await inFlight;
        expect(response.status).toBe(200);
        expect(Array.isArray(await response.json())).toBe(true);
        expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);
        expect(await main.exited).toBe(0);
        // Closed: new connections are refused.
        await expect(fetch(`${main.url}/healthz`)).rejects.toThrow();
      } finally {
        main.kill();
      }
    },
  );

  it(
    'in proxy mode, waits for the upstream answer of a request in flight, passes it on, and exits 0',
    { timeout: 30_000 },
    async () => {
      let arrived!: () => void;
      const reachedUpstream = new Promise<void>((resolve) => (arrived = resolve));
      const upstream = http.createServer((request, response) => {
        // Only the request under test counts: a readiness probe reaching the upstream first must not start the stop.
        if (request.url?.includes('/course_stats')) arrived();
        setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end('[{"late":true}]'), 1_500);
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const main = await startMain({ API_BASE_URL: `http://127.0.0.1:${portOf(upstream)}`, RATE_LIMIT_MAX: '0' });
      try {
        const inFlight = fetch(`${main.url}/endpoint/v1/courses/1/course_stats`, {
          headers: { authorization: 'Bearer t' },
        });
        await reachedUpstream;
        main.sigterm();
        const response = await inFlight;
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual([{ late: true }]);
        expect(await main.exited).toBe(0);
      } finally {
        main.kill();
        upstream.closeAllConnections();
        await new Promise((resolve) => upstream.close(resolve));
      }
    },
  );

  it(
    'on SIGTERM turns /readyz to 503, then refuses new connections, finishes the request in flight, and exits 0',
    { timeout: 30_000 },
    async () => {
      let arrived!: () => void;
      const reachedUpstream = new Promise<void>((resolve) => (arrived = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const upstream = http.createServer((request, response) => {
        // The readiness probe asks without a token and gets its 401 at once; the user's request waits.
        if (!request.url?.includes('access_token')) return response.writeHead(401).end();
        arrived();
        void released.then(() => response.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":1}]'));
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const main = await startMain({
        API_BASE_URL: `http://127.0.0.1:${portOf(upstream)}`,
        RATE_LIMIT_MAX: '0',
        SHUTDOWN_DELAY_MS: '3000',
      });
      const port = Number(new URL(main.url).port);
      const until = async (what: string, check: () => Promise<boolean>) => {
        const deadline = performance.now() + 15_000;
        while (!(await check())) {
          if (performance.now() > deadline) throw new Error(`timed out waiting until ${what}`);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      const refused = () =>
        new Promise<boolean>((resolve) => {
          const socket = connect(port, '127.0.0.1');
          socket.once('connect', () => {
            socket.destroy();
            resolve(false);
          });
          socket.once('error', () => resolve(true));
        });
      try {
        expect((await fetch(`${main.url}/readyz`)).status).toBe(200);
        const inFlight = fetch(`${main.url}/endpoint/v1/courses/1/course_stats`, {
          headers: { authorization: 'Bearer t' },
        });
        await reachedUpstream;
        main.sigterm();
        await until('/readyz answers 503', async () => (await fetch(`${main.url}/readyz`)).status === 503);
        // Still serving meanwhile (a load balancer notices), then the listener closes.
        await until('new connections are refused', refused);
        // The upstream answers only now, after the listener closed: the answer still reaches the client.
        release();
        const response = await inFlight;
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual([{ id: 1 }]);
        expect(await main.exited).toBe(0);
      } finally {
        main.kill();
        upstream.closeAllConnections();
        await new Promise((resolve) => upstream.close(resolve));
      }
    },
  );

  it('gives a request in flight 10 s after SIGTERM, then cuts it and exits 1', { timeout: 40_000 }, async () => {
    let arrived!: () => void;
    const reachedUpstream = new Promise<void>((resolve) => (arrived = resolve));
    // An upstream that never answers, with the proxy's own timeout far away: only the grace period ends it.
    const upstream = http.createServer(() => arrived());
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const main = await startMain({
      API_BASE_URL: `http://127.0.0.1:${portOf(upstream)}`,
      RATE_LIMIT_MAX: '0',
      UPSTREAM_TIMEOUT_MS: '120000',
    });
    try {
      const inFlight = fetch(`${main.url}/endpoint/v1/courses/1/course_stats`, {
        headers: { authorization: 'Bearer t' },
      }).catch((error: unknown) => error);
      await reachedUpstream;
      const started = performance.now();
      main.sigterm();
      expect(await main.exited).toBe(1);
      const elapsed = performance.now() - started;
      expect(elapsed).toBeGreaterThanOrEqual(9_900);
      expect(elapsed).toBeLessThan(20_000);
      expect(await inFlight).toBeInstanceOf(Error);
      expect(main.output()).toContain('Requests still in flight 10 s after closing');
    } finally {
      main.kill();
      upstream.closeAllConnections();
      await new Promise((resolve) => upstream.close(resolve));
    }
  });

  it(
    'does not wait for a connection that never sent a request (a browser opens them ahead) to exit',
    { timeout: 30_000 },
    async () => {
      const main = await startMain({});
      const { port } = new URL(main.url);
      const socket = connect(Number(port), '127.0.0.1');
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', resolve);
          socket.once('error', reject);
        });
        const closedByServer = new Promise<void>((resolve) => socket.once('close', () => resolve()));
        const started = performance.now();
        main.sigterm();
        expect(await main.exited).toBe(0);
        expect(performance.now() - started).toBeLessThan(5_000);
        await closedByServer;
      } finally {
        socket.destroy();
        main.kill();
      }
    },
  );

  it(
    'closes a connection whose request headers are incomplete, finishes the request in flight, and exits 0 at once',
    { timeout: 30_000 },
    async () => {
      let arrived!: () => void;
      const reachedUpstream = new Promise<void>((resolve) => (arrived = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const upstream = http.createServer((request, response) => {
        if (!request.url?.includes('/course_stats')) return response.writeHead(401).end();
        arrived();
        void released.then(() => response.writeHead(200, { 'content-type': 'application/json' }).end('[{"id":1}]'));
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
      const main = await startMain({ API_BASE_URL: `http://127.0.0.1:${portOf(upstream)}`, RATE_LIMIT_MAX: '0' });
      const halfSent = connect(Number(new URL(main.url).port), '127.0.0.1');
      try {
        await new Promise<void>((resolve, reject) => {
          halfSent.once('connect', resolve);
          halfSent.once('error', reject);
        });
        const closedByServer = new Promise<void>((resolve) => halfSent.once('close', () => resolve()));
        // One byte short of a request: the blank line that ends its headers never comes.
        halfSent.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
        // A request sent after those bytes, on another connection: once it reaches the upstream, the server has
        // read them too.
        const inFlight = fetch(`${main.url}/endpoint/v1/courses/1/course_stats`, {
          headers: { authorization: 'Bearer t' },
        });
        await reachedUpstream;
        const started = performance.now();
        main.sigterm();
        await closedByServer;
        release();
        const response = await inFlight;
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual([{ id: 1 }]);
        expect(await main.exited).toBe(0);
        // The grace period is 10 s; without the half-sent connection closed, it ran out and the exit code was 1.
        expect(performance.now() - started).toBeLessThan(5_000);
        expect(main.output()).not.toContain('Requests still in flight');
      } finally {
        halfSent.destroy();
        main.kill();
        upstream.closeAllConnections();
        await new Promise((resolve) => upstream.close(resolve));
      }
    },
  );

  it(
    'does not wait for idle keep-alive connections (a browser keeps them open) to exit',
    { timeout: 30_000 },
    async () => {
      const main = await startMain({});
      const agent = new http.Agent({ keepAlive: true });
      try {
        const status = await new Promise<number>((resolve, reject) => {
          http
            .get(`${main.url}/healthz`, { agent }, (response) => {
              response.resume();
              response.on('end', () => resolve(response.statusCode ?? 0));
            })
            .on('error', reject);
        });
        expect(status).toBe(200);
        // The connection stays open and idle in the agent's pool.
        expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
        const started = performance.now();
        main.sigterm();
        expect(await main.exited).toBe(0);
        expect(performance.now() - started).toBeLessThan(5_000);
      } finally {
        agent.destroy();
        main.kill();
      }
    },
  );
});
