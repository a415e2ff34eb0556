// Shared pieces of the benchmark suite: child servers on free 127.0.0.1 ports (always killed at the end, also on
// failure), statistics, machine facts, the app build the benchmarks serve, and a Chromium page set up for them.

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Page } from '@playwright/test';

export const ROOT = resolve(import.meta.dirname, '..');
export const BENCH_DIR = resolve(ROOT, '.bench');
/**
 * The suite's own build, so it never collides with a `npm run build` running elsewhere. BENCH_DIST names another
 * (with --reuse-build): a build of an older commit, say, measured in turns with this one.
 */
export const BENCH_DIST = process.env.BENCH_DIST ? resolve(process.env.BENCH_DIST) : resolve(BENCH_DIR, 'dist');
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu'];
/** The demo token the suite's servers accept. */
export const BENCH_TOKEN = 'bench-demo-token';
/** Where the app keeps the token (src/lib/token-store.ts). */
export const TOKEN_STORAGE_KEY = 'course-stats.token';
export const HOST = '127.0.0.1';
/** Runs of each side of a comparison unless `--runs` says otherwise. */
export const DEFAULT_RUNS = 5;

// ---------------------------------------------------------------------------------------------------------------
// Cleanup: everything started here is registered and stopped at the end, on failure, and on Ctrl-C.

type Cleanup = () => Promise<void> | void;
const cleanups = new Set<Cleanup>();

/** Registers a stop function; returns a function that runs it once and unregisters it. */
export function onCleanup(cleanup: Cleanup): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    cleanups.delete(run);
    await cleanup();
  };
  cleanups.add(run);
  return run;
}

export async function cleanupAll(): Promise<void> {
  for (const cleanup of [...cleanups].reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed:', error);
    }
  }
}

let signalsInstalled = false;
/** Ctrl-C, SIGTERM or a stray error still stops every child before the suite exits. */
export function installSignalCleanup(): void {
  if (signalsInstalled) return;
  signalsInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the benchmark servers`);
      void cleanupAll().finally(() => process.exit(130));
    });
  }
  // An error thrown outside any benchmark's own handling still stops the children before the suite exits.
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.once(event, (error: unknown) => {
      console.error(`${event}:`, error);
      void cleanupAll().finally(() => process.exit(1));
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Child processes and servers.

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface ChildHandle {
  name: string;
  pid: number;
  /** Everything the child wrote, for error messages. */
  output: () => string;
  exited: () => boolean;
  stop: () => Promise<void>;
}

/**
 * Starts a TypeScript entry point in node with tsx loaded (`node --import tsx`, one process: tsx's CLI would kill it
 * when a signal is not confirmed within 30 ms), under bench/guard.mjs in a process group of its own.
 * stop() ends the guard and the node process it runs, and nothing else. The guard holds a pipe from this
 * process as its stdin: if the suite dies without cleaning up (killed, crashed), the pipe closes and the guard
 * stops the server, so no server outlives the suite.
 */
export function startTsx(
  name: string,
  entry: string,
  env: Record<string, string>,
  { discardStdout = false }: { discardStdout?: boolean } = {},
): ChildHandle {
  const child: ChildProcess = spawn(
    process.execPath,
    [resolve(ROOT, 'bench/guard.mjs'), process.execPath, '--import', 'tsx', entry],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      // A chatty child (log level info) writes to /dev/null rather than through a pipe into the measuring process.
      stdio: ['pipe', discardStdout ? 'ignore' : 'pipe', 'pipe'],
      detached: true,
    },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The guard's stdin stays open for as long as this process lives; nothing is ever written to it.
  child.stdin?.on('error', () => undefined);
  let exited = false;
  const exit = new Promise<void>((resolveExit) => {
    child.once('exit', () => {
      exited = true;
      resolveExit();
    });
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name}: could not start ${entry}`);

  const stop = onCleanup(async () => {
    if (!exited) {
      try {
        process.kill(pid, 'SIGTERM'); // the guard passes it on and exits with the server
      } catch {
        // already gone
      }
      await Promise.race([exit, sleep(5_000)]);
    }
    try {
      process.kill(-pid, 'SIGKILL'); // whatever of the group is still there
    } catch {
      // the whole group is gone: the usual case
    }
    child.stdin?.destroy();
  });
  return { name, pid, output: () => output, exited: () => exited, stop };
}

let clockTicks: number | null = null;

/**
 * CPU time (user + system, ms) used so far by every live process in a process group, from /proc: with tsx,
 * that is the tsx launcher and the node process running the server. NaN where /proc is not there.
 */
export function processGroupCpuMs(pgid: number): number {
  if (!existsSync('/proc/self/stat')) return Number.NaN;
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // "pid (comm) state ppid pgrp ... utime stime ...": comm may hold spaces, so split after its ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks * 1000) / clockTicks;
}

/** Polls a URL until it answers 200; fails early when the child exits, and after timeoutMs. */
export async function waitForOk(url: string, child: ChildHandle, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exited()) throw new Error(`${child.name} exited before it was ready:\n${child.output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`${child.name} did not answer ${url} within ${timeoutMs} ms:\n${child.output()}`);
}

export interface RunningServer {
  url: string;
  port: number;
  child: ChildHandle;
  stop: () => Promise<void>;
}

/**
 * The real server (server/main.ts) on a free port of 127.0.0.1, serving the suite's build. Demo mode unless env
 * sets API_BASE_URL. Log level warn: the default, info, writes a line per request.
 */
export async function startAppServer(
  name: string,
  env: Record<string, string> = {},
  options: { discardStdout?: boolean } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const child = startTsx(
    name,
    'server/main.ts',
    {
      PORT: String(port),
      HOST,
      DEMO_TOKEN: BENCH_TOKEN,
      RATE_LIMIT_MAX: '0',
      LOG_LEVEL: 'warn',
      DIST_DIR: BENCH_DIST,
      ...env,
    },
    options,
  );
  const url = `http://${HOST}:${port}`;
  try {
    await waitForOk(`${url}/healthz`, child);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { url, port, child, stop: child.stop };
}

// ---------------------------------------------------------------------------------------------------------------
// The app build.

/**
 * Runs each side of a comparison once, the first side this time being side `run` (modulo their number), so that no
 * side always goes first on a warm or a cold machine.
 */
export async function runRotated(run: number, sides: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (let i = 0; i < sides.length; i += 1) await sides[(i + run) % sides.length]?.();
}

/** GET of a path of the demo API with the benchmark's token: the parsed body and the headers; anything but 2xx throws. */
export async function getWithToken(baseUrl: string, path: string): Promise<{ json: unknown; headers: Headers }> {
  const response = await fetch(baseUrl + path, { headers: { authorization: `Bearer ${BENCH_TOKEN}` } });
  if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
  return { json: (await response.json()) as unknown, headers: response.headers };
}

/**
 * Builds the app into .bench/dist (unless reuse is asked for and a build is there). It builds into a side
 * directory first, so a failed build (someone mid-edit) leaves the previous build in place.
 */
export function buildApp({ reuse }: { reuse: boolean }): void {
  if (reuse && existsSync(resolve(BENCH_DIST, 'index.html'))) {
    console.log(`Reusing the build in ${BENCH_DIST}`);
    return;
  }
  const next = `${BENCH_DIST}.next`;
  console.log(`Building the app into ${BENCH_DIST} …`);
  try {
    execFileSync(
      resolve(ROOT, 'node_modules/.bin/vite'),
      ['build', '--outDir', next, '--emptyOutDir', '--logLevel', 'warn'],
      { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } },
    );
  } catch {
    rmSync(next, { recursive: true, force: true });
    throw new Error(
      'vite build failed (see above); the benchmarks need a build. Fix the build, or run with --reuse-build to use ' +
        `the previous one in ${BENCH_DIST}.`,
    );
  }
  rmSync(BENCH_DIST, { recursive: true, force: true });
  renameSync(next, BENCH_DIST);
}

// ---------------------------------------------------------------------------------------------------------------
// Statistics.

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Linear interpolation between closest ranks; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  const lowValue = sorted[low] ?? Number.NaN;
  const highValue = sorted[high] ?? Number.NaN;
  return lowValue + (highValue - lowValue) * (rank - low);
}

export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));
export const fmtMs = (value: number, digits = 1): string =>
  Number.isFinite(value) ? `${value.toFixed(digits)} ms` : 'n/a';
export const fmtKb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const fmtMb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const fmtInt = (value: number): string => Math.round(value).toLocaleString('en-US');
export const fmtRatio = (value: number): string => (Number.isFinite(value) ? `${value.toFixed(2)}×` : 'n/a');
/** The single runs, for the method column: "12.1, 13.0, 12.4 ms". */
export const listMs = (values: readonly number[], digits = 1): string =>
  `${values.map((value) => value.toFixed(digits)).join(', ')} ms`;

// ---------------------------------------------------------------------------------------------------------------
// Machine facts.

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  chromium: string;
}

export function machineInfo(): MachineInfo {
  let chromium = 'not found';
  try {
    // Debian's wrapper script prints a harmless shell warning on stderr; the version is on stdout.
    chromium = execFileSync(CHROMIUM_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // reported as not found
  }
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cores: os.availableParallelism(),
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium,
  };
}

export function describeMachine(machine: MachineInfo): string {
  return `${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB RAM, ${machine.os}; Node ${machine.node}; ${machine.chromium}`;
}

// ---------------------------------------------------------------------------------------------------------------
// Chromium.

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH); the suite never downloads a browser.`);
  }
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  onCleanup(() => browser.close());
  return browser;
}

/**
 * A fresh context and page: English number formatting, a desktop viewport, and the token in sessionStorage
 * before the app's first script runs (as after a sign-in). The `__name` shim is for tsx: it compiles the
 * functions handed to page.evaluate with esbuild's keepNames, whose helper does not exist in the page.
 */
export async function newAppPage(browser: Browser, token: string | null = BENCH_TOKEN): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
  await page.addInitScript(installPageHelpers);
  if (token !== null) {
    await page.addInitScript(
      ([key, value]) => {
        try {
          window.sessionStorage.setItem(key, value);
        } catch {
          // about:blank and the like have no storage of their own
        }
      },
      [TOKEN_STORAGE_KEY, token] as const,
    );
  }
  return page;
}

export interface TimedResult {
  /** From just before the action to the first animation frame after `done` held; NaN on timeout. */
  ms: number;
  timedOut: boolean;
  /** performance.now() in the page when the action started. */
  startedAt: number;
}

/** An input the page received: when, how long it waited for the main thread, and Event Timing's duration. */
export interface EventTimingEntry {
  name: string;
  /** The event's timeStamp (performance.now() time of the input). */
  start: number;
  /** From the input to its first handler (a capturing listener on window, the first to run). */
  delay: number;
  /** The longest Event Timing entry of this input (to the next paint); null when under 16 ms (not reported). */
  duration: number | null;
}

/** What installPageHelpers puts on window; use as `window as unknown as BenchWindow` inside page.evaluate. */
/** What the Long Tasks API reports: main-thread tasks over this long. */
export const LONG_TASK_MS = 50;

export interface BenchWindow {
  __benchTimeUntil: (action: () => void, done: () => boolean, timeoutMs: number) => Promise<TimedResult>;
  /** Every long task (over 50 ms) since the document started. */
  __benchLongTasks: { start: number; duration: number }[];
  /** Every pointerdown since the document started, with its Event Timing. */
  __benchEvents: EventTimingEntry[];
}

/**
 * Runs in the page: starts a MutationObserver, runs the action, and resolves in the first animation frame after
 * `done()` holds (checked right after the action and after every DOM change), i.e. just before the browser paints
 * the result.
 */
function installPageHelpers(): void {
  const timeUntil = (action: () => void, done: () => boolean, timeoutMs: number) =>
    new Promise<TimedResult>((resolveTiming) => {
      let finished = false;
      let startedAt = 0;
      const observer = new MutationObserver(() => {
        check();
      });
      const timer = setTimeout(() => {
        if (finished) return;
        finished = true;
        observer.disconnect();
        resolveTiming({ ms: Number.NaN, timedOut: true, startedAt });
      }, timeoutMs);
      const check = () => {
        if (finished || !done()) return;
        finished = true;
        observer.disconnect();
        clearTimeout(timer);
        requestAnimationFrame(() => resolveTiming({ ms: performance.now() - startedAt, timedOut: false, startedAt }));
      };
      observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      startedAt = performance.now();
      action();
      check();
    });
  // Long tasks from the start, so a benchmark can tell a busy main thread from a slow network.
  const longTasks: { start: number; duration: number }[] = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    // no Long Tasks API: none recorded
  }
  // Inputs: each pointerdown's delay, seen by the first listener to run, and the Event Timing entries (pointerdown,
  // mousedown, pointerup, mouseup, click) that follow it within 50 ms, for its duration to the next paint.
  const events: EventTimingEntry[] = [];
  window.addEventListener(
    'pointerdown',
    (event) => {
      events.push({
        name: event.type,
        start: event.timeStamp,
        delay: performance.now() - event.timeStamp,
        duration: null,
      });
    },
    { capture: true },
  );
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const input = events.find((event) => entry.startTime >= event.start - 1 && entry.startTime <= event.start + 50);
        if (input) input.duration = Math.max(input.duration ?? 0, entry.duration);
      }
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  } catch {
    // no Event Timing: durations stay null
  }
  Object.assign(window, { __benchTimeUntil: timeUntil, __benchLongTasks: longTasks, __benchEvents: events });
}

/**
 * The page's JS heap after a full garbage collection (CDP HeapProfiler.collectGarbage, then Runtime.getHeapUsage):
 * what it holds, not what it has not collected yet. performance.measureUserAgentSpecificMemory needs
 * cross-origin isolation, which the app does not have.
 */
export async function jsHeapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** Thrown when the UI a benchmark drives is not there (yet): the benchmark is reported as pending. */
export class PendingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PendingError';
  }
}

/** Runs `work` with a time limit, so a hung step fails the benchmark instead of the whole suite. */
export async function withTimeout<T>(label: string, timeoutMs: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${label} took longer than ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([work(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A bare page fetching one list page with the token: from navigation start (of a few bytes of JSON) to the frame after
 * the page is parsed. What a screen's first rows are measured against.
 */
export async function bareFirstPageRun(browser: Browser, appUrl: string, listUrl: string): Promise<number> {
  const page = await newAppPage(browser, null);
  await page.addInitScript(
    ({ url, token }) => {
      Object.assign(window, { __bareDone: Number.NaN });
      void fetch(url, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } })
        .then((response) => response.json())
        .then(() =>
          requestAnimationFrame(() => {
            Object.assign(window, { __bareDone: performance.now() });
          }),
        );
    },
    { url: listUrl, token: BENCH_TOKEN },
  );
  try {
    await page.goto(`${appUrl}/healthz`);
    await page.waitForFunction(() => !Number.isNaN((window as unknown as { __bareDone: number }).__bareDone));
    return await page.evaluate(() => (window as unknown as { __bareDone: number }).__bareDone);
  } finally {
    await page.context().close();
  }
}
