import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_TOKEN } from './config';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Runs server/main.ts as `npm run serve` would, and ends it with SIGTERM while a slow request is in flight. */
describe('main', () => {
  it('prints its URL and token, finishes the in-flight request on SIGTERM and exits 0', { timeout: 30_000 }, async () => {
    const child = spawn('node_modules/.bin/tsx', ['server/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DEMO_LATENCY_MS: '1500', LOG_LEVEL: 'warn', API_BASE_URL: '' },
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
        if (match && output.includes(DEFAULT_DEMO_TOKEN)) {
          clearTimeout(timer);
          resolve(match[0]);
        }
      });
    });

    try {
      const started = performance.now();
      const inFlight = fetch(`${url}/endpoint/v1/label_groups`);
      // Let the request reach the server (it then waits DEMO_LATENCY_MS) before asking the server to stop.
      await new Promise((resolve) => setTimeout(resolve, 400));
      child.kill('SIGTERM');
      const response = await inFlight;
      expect(response.status).toBe(200);
      expect(Array.isArray(await response.json())).toBe(true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(1_400);
      expect(await exited).toBe(0);
      // Closed: new connections are refused.
      await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    } finally {
      if (child.exitCode === null && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
  });
});
