// Helpers for the reliability specs (faults, hostile input, server security): rows shaped like the scripted
// upstream's own, signing in on the proxy, reading the table, and starting extra server processes.

import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { PROXY_URL, signIn, upstreamRequests } from './support';
import { statRow } from './upstream-rows';

export { statRow };

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The rows the scripted upstream answers for a page by default: 25 statistics in all. */
export function statPage(page: number, perPage = 10, total = 25): Array<Record<string, unknown>> {
  const rows = [];
  for (let id = (page - 1) * perPage + 1; id <= Math.min(total, page * perPage); id += 1) rows.push(statRow(id));
  return rows;
}

export const learners = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => `Learner ${from + index}`);

/** A regular expression for a step's path: the course statistics of any course. */
export const STATS_PATH = '/course_stats$';
export const GROUPS_PATH = '/label_groups$';

/** Opens a path of the app served by the proxy and signs in with the spec's own token. */
export async function openOnProxy(page: Page, path: string, token: string): Promise<void> {
  await page.goto(`${PROXY_URL}${path}`);
  await signIn(page, token);
}

/**
 * How many statistics requests of `token` reached the upstream: the course list and the session filter ask for
 * lists of their own, whenever they get to it.
 */
export async function statsRequestCount(token: string): Promise<number> {
  return (await upstreamRequests(token)).filter((request) => request.path.endsWith('/course_stats')).length;
}
/**
 * Waits until the page has asked the upstream for the next page, which it prefetches once a full page shows. A
 * test that scripts the upstream next waits for it first: on a busy machine that prefetch can otherwise arrive
 * after the script and take an answer meant for something else.
 */
export async function untilNextPageAsked(token: string, nextPage = 2): Promise<void> {
  await expect
    .poll(async () =>
      (await upstreamRequests(token)).some(
        (request) => request.path.endsWith('/course_stats') && request.query.page === String(nextPage),
      ),
    )
    .toBe(true);
}

export function statsTable(page: Page, courseId = 1): Locator {
  return page.getByRole('region', { name: `Statistics of course ${courseId}` });
}

export async function expectUsers(page: Page, expected: string[], courseId = 1): Promise<void> {
  // The name is the row header's button; the email is under it.
  await expect(statsTable(page, courseId).locator('tbody tr th button')).toHaveText(expected);
}

/** The navigation around every screen: still there means a failure stayed inside its screen. */
export async function expectShellIntact(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Courses', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Label groups' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeEnabled();
}

export interface ServerProcess {
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
  /**
   * SIGTERM, then the exit code. SIGKILL to the group only after the server's own grace (10 s for requests in
   * flight, after which it exits 1 itself) and some more for a busy machine: null then means it hung past both.
   */
  stop: () => Promise<number | null>;
}

/** Starts `server/main.ts` on a free port of 127.0.0.1 with the given environment, as `npm run serve` would. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  // One process, TypeScript loaded in it: tsx's own CLI would sit in between and, on a busy machine, kill the server
  // when it does not confirm a signal within 30 ms, so a graceful stop would exit with 143.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', API_BASE_URL: '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a forced stop reaches whatever the server started too.
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no URL in 20 s:\n${output}`)), 20_000);
    const look = () => {
      const match = /Course statistics dashboard: (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout.off('data', look);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', look);
    child.once('exit', () => reject(new Error(`the server exited:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const force = setTimeout(() => {
        if (child.pid !== undefined) {
          try {
            process.kill(-child.pid, 'SIGKILL');
          } catch {
            // Already gone.
          }
        }
      }, 25_000);
      const code = await exited;
      clearTimeout(force);
      return code;
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  body: string;
}

/**
 * Sends bytes as they are to 127.0.0.1:port (no URL normalisation, no header checks on the way) and reads the
 * answer until the server closes the connection. Ask for `Connection: close` in the request.
 */
export function rawRequest(port: number, request: string, localAddress?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', ...(localAddress ? { localAddress } : {}) });
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers = new Map<string, string>();
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: text.slice(split + 4) });
    });
    socket.write(request);
  });
}
