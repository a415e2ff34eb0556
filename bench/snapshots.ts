// Benchmark 12: course snapshots ("what changed since the last visit"). Saving a 10,000-row snapshot to IndexedDB,
// and comparing two of them, each measured as main-thread time and its longest task, in Chromium from a trace.
// The statistics screen does not use the snapshot modules yet, so they are measured on a small page Vite builds
// from bench/pages/snapshots/ (the modules and their worker, as the app's build would bundle them).

import { resolve } from 'node:path';
import type { Page } from '@playwright/test';
import type { Benchmark, Target } from './report';
import {
  BENCH_DIR,
  DEFAULT_RUNS,
  fmtKb,
  fmtMs,
  freePort,
  HOST,
  launchChromium,
  listMs,
  median,
  onCleanup,
  ROOT,
} from './support';

const TARGET_MAIN_THREAD_MS = 100;
const TARGET_LONGEST_TASK_MS = 50;
const PAGE_ROOT = resolve(ROOT, 'bench/pages/snapshots');
const PAGE_DIST = resolve(BENCH_DIR, 'snapshots-page');

interface TraceEvent {
  name: string;
  cat?: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

interface Span {
  mainThreadMs: number;
  longestTaskMs: number;
  /** The page's dedicated workers' tasks in the span: the comparison's own work, off the main thread. */
  workerMs: number;
}

/** The page's main thread between two performance marks: the sum and the longest of its tasks (RunTask events). */
function spanOf(events: readonly TraceEvent[], start: string, end: string): Span {
  const mark = (name: string) => events.find((event) => event.name === name && event.cat?.includes('user_timing'));
  const from = mark(start);
  const to = mark(end);
  if (!from || !to) throw new Error(`no marks ${start} / ${end} in the trace`);
  const workers = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.pid === from.pid)
      .filter((event) => event.args?.name === 'DedicatedWorker thread')
      .map((event) => event.tid),
  );
  // A task the span starts or ends inside counts only for its part inside the span.
  const tasksOn = (onThread: (tid: number) => boolean) =>
    events
      .filter(
        (event) =>
          event.name === 'RunTask' &&
          event.ph === 'X' &&
          event.pid === from.pid &&
          onThread(event.tid) &&
          event.ts + (event.dur ?? 0) > from.ts &&
          event.ts < to.ts,
      )
      .map((task) => (Math.min(task.ts + (task.dur ?? 0), to.ts) - Math.max(task.ts, from.ts)) / 1000);
  const sum = (values: number[]) => values.reduce((total, ms) => total + ms, 0);
  const main = tasksOn((tid) => tid === from.tid);
  return {
    mainThreadMs: sum(main),
    longestTaskMs: Math.max(0, ...main),
    workerMs: sum(tasksOn((tid) => workers.has(tid))),
  };
}

async function buildPage(): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: PAGE_ROOT,
    logLevel: 'warn',
    resolve: {
      alias: { '@contract': resolve(ROOT, 'contract/index.ts'), '@': resolve(ROOT, 'src') },
    },
    build: { outDir: PAGE_DIST, emptyOutDir: true, target: 'es2022' },
  });
}

async function servePage(): Promise<string> {
  const { preview } = await import('vite');
  const port = await freePort();
  const server = await preview({
    configFile: false,
    root: PAGE_ROOT,
    logLevel: 'warn',
    build: { outDir: PAGE_DIST },
    preview: { host: HOST, port, strictPort: true },
  });
  onCleanup(() => server.close());
  return `http://${HOST}:${port}`;
}

interface BenchApi {
  save: (week: 0 | 1) => Promise<{ rows: number; bytes: number; id: string }>;
  compare: (
    olderId: string,
    newerId: string,
  ) => Promise<{ counts: Record<string, number> | null; sameAsOnPage: boolean }>;
  storedBytes: () => Promise<number | null>;
  clear: () => Promise<unknown>;
}

interface Run {
  save: Span;
  compare: Span;
  bytes: number;
  rows: number;
  estimateDelta: number | null;
  counts: Record<string, number> | null;
  sameAsOnPage: boolean;
}

/** A step's two targets: its main-thread time and its longest task. */
function stepTargets(step: string, mainThreadMs: number, longestTaskMs: number): Target[] {
  const limit = (name: string, value: number, max: number): Target => ({
    name: `${step}: ${name}`,
    target: `≤ ${max} ms`,
    actual: fmtMs(value),
    met: value <= max,
  });
  return [
    limit('main-thread time', mainThreadMs, TARGET_MAIN_THREAD_MS),
    limit('longest task', longestTaskMs, TARGET_LONGEST_TASK_MS),
  ];
}

type BenchWindow = Window & { __snapshotBench: BenchApi };

async function oneRun(page: Page, pageUrl: string): Promise<Run> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  await page.goto(pageUrl);
  await page.waitForFunction(() => '__snapshotBench' in window);
  await page.evaluate(() => (window as unknown as BenchWindow).__snapshotBench.clear());
  const before = await page.evaluate(() => (window as unknown as BenchWindow).__snapshotBench.storedBytes());
  // The older snapshot is saved before tracing: only the second save and the comparison are measured.
  const older = await page.evaluate(() => (window as unknown as BenchWindow).__snapshotBench.save(0));
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
  });
  const newer = await page.evaluate(() => (window as unknown as BenchWindow).__snapshotBench.save(1));
  const compared = await page.evaluate(
    ([olderId, newerId]) => (window as unknown as BenchWindow).__snapshotBench.compare(olderId, newerId),
    [older.id, newer.id] as const,
  );
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const after = await page.evaluate(() => (window as unknown as BenchWindow).__snapshotBench.storedBytes());
  return {
    save: spanOf(trace.traceEvents, 'save-1-start', 'save-1-end'),
    compare: spanOf(trace.traceEvents, 'compare-start', 'compare-end'),
    bytes: newer.bytes,
    rows: newer.rows,
    estimateDelta: before === null || after === null ? null : (after - before) / 2,
    counts: compared.counts,
    sameAsOnPage: compared.sameAsOnPage,
  };
}

export const snapshots: Benchmark = {
  id: 'snapshots',
  aliases: ['12', 'changes'],
  title: 'Course snapshots: saving 10,000 rows, comparing two (benchmark 12)',
  what:
    'Saving a snapshot of a 10,000-row course to IndexedDB (built from the parsed rows, then written), and comparing ' +
    'two such snapshots a week apart (both read back from IndexedDB, compared in the Worker), in Chromium.',
  plannedMethod: 'A Vite-built page of the snapshot modules, driven by Playwright and timed from a Chromium trace.',
  needsBuild: false,
  timeoutMs: 5 * 60_000,
  async run({ runs = DEFAULT_RUNS }) {
    await buildPage();
    const pageUrl = await servePage();
    const browser = await launchChromium();
    const results: Run[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ locale: 'en-US' });
      const page = await context.newPage();
      await page.addInitScript({ content: 'globalThis.__name = globalThis.__name || ((fn) => fn);' });
      try {
        results.push(await oneRun(page, pageUrl));
      } finally {
        await context.close();
      }
    }
    const first = results[0];
    if (!first) throw new Error('no runs');
    const saveMs = median(results.map((run) => run.save.mainThreadMs));
    const compareMs = median(results.map((run) => run.compare.mainThreadMs));
    const saveLongest = Math.max(...results.map((run) => run.save.longestTaskMs));
    const compareLongest = Math.max(...results.map((run) => run.compare.longestTaskMs));
    const perTenThousand = (first.bytes / first.rows) * 10_000;
    const estimates = results.flatMap((run) => (run.estimateDelta === null ? [] : [run.estimateDelta]));
    const allSame = results.every((run) => run.sameAsOnPage);
    const workerMs = median(results.map((run) => run.compare.workerMs));
    return {
      status: 'measured',
      method:
        `${runs} runs, each in a fresh browser context: the older snapshot is saved, then a trace records the ` +
        "newer one being saved and the two compared. Main-thread time is the sum of the page main thread's tasks " +
        '(RunTask) between performance marks around each step (median of the runs); the longest task is the ' +
        "largest over all runs. The Worker's own thread is not the main thread and is not counted.",
      tables: [
        {
          headers: ['step', 'main-thread time (median)', 'each run', 'longest task (max)'],
          rows: [
            [
              'save a 10,000-row snapshot',
              fmtMs(saveMs),
              listMs(results.map((run) => run.save.mainThreadMs)),
              fmtMs(saveLongest),
            ],
            [
              'compare two snapshots',
              fmtMs(compareMs),
              listMs(results.map((run) => run.compare.mainThreadMs)),
              fmtMs(compareLongest),
            ],
          ],
        },
        {
          headers: ['stored size per 10,000 rows', 'as the rows take it', "browser's estimate (per snapshot)"],
          rows: [
            [
              `${first.rows.toLocaleString('en-US')} rows`,
              fmtKb(perTenThousand),
              estimates.length > 0 ? fmtKb(median(estimates)) : 'n/a',
            ],
          ],
        },
      ],
      targets: [
        ...stepTargets('save', saveMs, saveLongest),
        ...stepTargets('compare', compareMs, compareLongest),
        {
          name: 'the comparison runs in the Worker',
          target: 'worker time > 0',
          actual: fmtMs(workerMs),
          met: results.every((run) => run.compare.workerMs > 0),
        },
        {
          name: "the Worker's comparison equals the page's",
          target: 'every run',
          actual: allSame ? 'every run' : 'differs',
          met: allSame,
        },
      ],
      notes: [
        'The modules are not yet wired into the statistics screen; this page bundles them alone (with their worker).',
        `Counts found in the synthetic week: ${JSON.stringify(first.counts)}.`,
        "The browser's estimate is navigator.storage.estimate()'s usage after both saves less before, halved; it " +
          "includes IndexedDB's own overhead.",
      ],
      data: results,
    };
  },
};
