// Benchmark 1: load all 10,000 rows of course 1000 through the server in Chromium ("Load all pages" until the
// status says 10,000 rows), next to a plain Node client fetching the same pages with the same concurrency.

import http from 'node:http';
import type { Page } from '@playwright/test';
import { loaderConcurrencyFromSource, loadAllPages, openScaleCourse, SCALE_COURSE_ID } from './course-ui';
import type { Benchmark } from './report';
import { BENCH_TOKEN, fmtMs, fmtRatio, launchChromium, listMs, median, newAppPage, startAppServer } from './support';

const DEFAULT_RUNS = 5;
const TARGET_RATIO = 1.3;
const FALLBACK_CONCURRENCY = 4;
/** Back-to-back fetches of all pages per floor run; the run's floor is their median. */
const FLOOR_REPEATS = 5;

/** Fetches every path with `concurrency` workers over keep-alive connections; ms to the last body byte. */
async function fetchAll(baseUrl: string, paths: string[], concurrency: number): Promise<{ ms: number; bytes: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  let bytes = 0;
  const getOne = (path: string) =>
    new Promise<void>((resolveGet, reject) => {
      const request = http.get(
        baseUrl + path,
        { agent, headers: { accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` } },
        (response) => {
          response.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          response.on('end', () =>
            response.statusCode === 200 ? resolveGet() : reject(new Error(`GET ${path}: ${response.statusCode}`)),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  const worker = async () => {
    while (next < paths.length) {
      const path = paths[next];
      next += 1;
      if (path !== undefined) await getOne(path);
    }
  };
  const start = process.hrtime.bigint();
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
  } finally {
    agent.destroy();
  }
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, bytes };
}

/**
 * The same requests from a bare page of the same origin in the same Chromium: fetch with the token, read each
 * body as JSON (what any browser client must do), nothing else; `concurrency` workers. What the browser itself
 * costs, before any app code: the app can come close to it, not below it.
 */
async function fetchAllInPage(page: Page, paths: string[], concurrency: number): Promise<number> {
  return page.evaluate(
    async ({ paths: urls, concurrency: workers, token }) => {
      let next = 0;
      const worker = async () => {
        while (next < urls.length) {
          const url = urls[next];
          next += 1;
          if (url === undefined) continue;
          const response = await fetch(url, {
            headers: { accept: 'application/json', authorization: `Bearer ${token}` },
          });
          if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
          await response.json();
        }
      };
      const start = performance.now();
      await Promise.all(Array.from({ length: workers }, worker));
      return performance.now() - start;
    },
    { paths, concurrency, token: BENCH_TOKEN },
  );
}

const PLANNED_METHOD =
  'Playwright drives headless Chromium against the built app served by `tsx server/main.ts` in demo mode ' +
  `(LOG_LEVEL=warn). Each run opens /courses/${SCALE_COURSE_ID}/stats in a fresh browser context, waits for the first ` +
  'page, then clicks "Load all pages"; the time is performance.now() in the page from the click to the animation ' +
  'frame after the load is complete (a role="status" line says "10,000 rows", no status ends in "…", no loading ' +
  'bar is left, and the table holds all 10,000 rows: aria-rowcount 10,001). The floor: a plain Node client (node:http, keep-alive) in the ' +
  "suite's process fetching the same course_stats URLs the browser requested (100 pages at per_page=100), with the " +
  "same concurrency as the app's loader, reading every body to its end; each floor run is the median of " +
  `${FLOOR_REPEATS} back-to-back fetches of all pages. Beside it, not judged: the browser's own floor, the same ` +
  'requests from a bare page of the same origin in the same Chromium (fetch with the token, each body read with ' +
  `response.json(), same concurrency, median of ${FLOOR_REPEATS}), which shows how much of the time is Chromium's ` +
  'networking rather than the app. ' +
  'One untimed warm-up run, then 5 runs of each side, alternating; medians; ' +
  'target: browser ≤ 1.3 × floor.';

export const wholeCourse: Benchmark = {
  id: 'whole-course',
  aliases: ['1', 'load-all', 'whole-course-load'],
  title: 'Loading a whole course of 10,000 rows (benchmark 1)',
  what:
    `Time to load all 10,000 rows of course ${SCALE_COURSE_ID} in the browser, from "Load all pages" to the status ` +
    'line saying "10,000 rows", next to the network floor: a plain Node script fetching the same pages with the same ' +
    'concurrency.',
  plannedMethod: PLANNED_METHOD,
  needsBuild: true,
  timeoutMs: 6 * 60_000,
  async run(context) {
    const runs = context.runs ?? DEFAULT_RUNS;
    const server = await startAppServer('demo server (whole course)');
    try {
      const browser = await launchChromium();
      const browserRuns: {
        ms: number;
        lastResponseMs: number;
        medianRequestMs: number;
        longTasks: number;
        longTaskMs: number;
        requests: number;
        maxInFlight: number;
        status: string;
      }[] = [];
      const floorRuns: { ms: number; bytes: number }[] = [];
      const browserFloorRuns: number[] = [];
      let paths: string[] = [];
      let concurrency = FALLBACK_CONCURRENCY;
      let concurrencySource = '';
      const browserRun = async () => {
        const page = await newAppPage(browser);
        try {
          await openScaleCourse(page, server.url);
          return await loadAllPages(page);
        } finally {
          await page.context().close();
        }
      };
      // The warm-up run fills the demo API's page cache and tells which pages the app asks for, and how many at once.
      const warmUp = await browserRun();
      paths = warmUp.requests;
      const declared = loaderConcurrencyFromSource();
      const declaredText = declared ? `the app declares ${declared.where}` : 'no concurrency constant found in src/';
      if (context.concurrency !== undefined) {
        concurrency = context.concurrency;
        concurrencySource = `given with --concurrency (${declaredText})`;
      } else if (declared && declared.initial === declared.max) {
        concurrency = declared.initial;
        concurrencySource = declaredText;
      } else if (warmUp.maxInFlight > 0) {
        // An adaptive loader: the floor gets as many requests at once as the app reached, the stricter comparison.
        concurrency = warmUp.maxInFlight;
        concurrencySource = `the most course_stats requests the app had in flight at once in the warm-up run; ${declaredText}`;
      } else if (declared) {
        concurrency = declared.initial;
        concurrencySource = declaredText;
      } else {
        concurrencySource = `${declaredText}, none observed; ${FALLBACK_CONCURRENCY} assumed`;
      }
      // For reference, the floor at the loader's starting concurrency when that differs.
      const referenceConcurrency = declared && declared.initial !== concurrency ? declared.initial : null;
      const referenceRuns: { ms: number; bytes: number }[] = [];
      await fetchAll(server.url, paths, concurrency);
      for (let run = 0; run < runs; run += 1) {
        const order = run % 2 === 0 ? (['browser', 'floor'] as const) : (['floor', 'browser'] as const);
        for (const side of order) {
          if (side === 'floor') {
            // The floor takes a fraction of a second, so one hiccup of the shared machine would decide it: take the
            // median of a few back-to-back fetches as the run's floor.
            const repeat = async (parallel: number) => {
              const times: { ms: number; bytes: number }[] = [];
              for (let i = 0; i < FLOOR_REPEATS; i += 1) times.push(await fetchAll(server.url, paths, parallel));
              const middle = median(times.map((time) => time.ms));
              return { ms: middle, bytes: times[0]?.bytes ?? 0 };
            };
            floorRuns.push(await repeat(concurrency));
            if (referenceConcurrency !== null) referenceRuns.push(await repeat(referenceConcurrency));
            const bare = await newAppPage(browser, null);
            try {
              await bare.goto(`${server.url}/healthz`);
              const times: number[] = [];
              for (let i = 0; i < FLOOR_REPEATS; i += 1) times.push(await fetchAllInPage(bare, paths, concurrency));
              browserFloorRuns.push(median(times));
            } finally {
              await bare.context().close();
            }
          } else {
            const outcome = await browserRun();
            browserRuns.push({
              ms: outcome.timing.ms,
              lastResponseMs: outcome.lastResponseMs,
              medianRequestMs: outcome.medianRequestMs,
              longTasks: outcome.longTasks,
              longTaskMs: outcome.longTaskMs,
              requests: outcome.requests.length,
              maxInFlight: outcome.maxInFlight,
              status: outcome.statusText,
            });
          }
        }
        console.log(
          `  whole course run ${run + 1}/${runs}: browser ${fmtMs(browserRuns.at(-1)?.ms ?? NaN, 0)} ` +
            `(last response at ${fmtMs(browserRuns.at(-1)?.lastResponseMs ?? NaN, 0)}), ` +
            `floor ${fmtMs(floorRuns.at(-1)?.ms ?? NaN, 0)}, bare page in Chromium ${fmtMs(browserFloorRuns.at(-1) ?? NaN, 0)}`,
        );
      }
      await browser.close();

      const browserMedian = median(browserRuns.map((run) => run.ms));
      const floorMedian = median(floorRuns.map((run) => run.ms));
      const ratio = browserMedian / floorMedian;
      const browserFloorMedian = median(browserFloorRuns);
      const perPage = new Set(paths.map((path) => new URL(path, 'http://x').searchParams.get('per_page') ?? '10'));
      return {
        status: 'measured',
        method: PLANNED_METHOD.replace('then 5 runs', `then ${runs} runs`).replace(
          '100 pages at per_page=100',
          `${paths.length} requests at per_page=${[...perPage].join('/')}`,
        ),
        tables: [
          {
            headers: ['side', 'median', 'runs'],
            rows: [
              [
                'Chromium: "Load all pages" → "10,000 rows"',
                fmtMs(browserMedian, 0),
                listMs(
                  browserRuns.map((run) => run.ms),
                  0,
                ),
              ],
              [
                '  of which: click → last course_stats response received',
                fmtMs(median(browserRuns.map((run) => run.lastResponseMs)), 0),
                listMs(
                  browserRuns.map((run) => run.lastResponseMs),
                  0,
                ),
              ],
              [
                '  of which: main thread in long tasks (> 50 ms)',
                fmtMs(median(browserRuns.map((run) => run.longTaskMs)), 0),
                browserRuns.map((run) => `${fmtMs(run.longTaskMs, 0)} in ${run.longTasks}`).join(', '),
              ],
              [
                '  median time per request in Chromium (start → response end)',
                fmtMs(median(browserRuns.map((run) => run.medianRequestMs)), 1),
                listMs(
                  browserRuns.map((run) => run.medianRequestMs),
                  1,
                ),
              ],
              [
                `Node floor: same ${paths.length} requests, ${concurrency} at a time`,
                fmtMs(floorMedian, 0),
                listMs(
                  floorRuns.map((run) => run.ms),
                  0,
                ),
              ],
              ...(referenceConcurrency !== null
                ? [
                    [
                      `Node floor at ${referenceConcurrency} at a time (the loader's start; not judged)`,
                      fmtMs(median(referenceRuns.map((run) => run.ms)), 0),
                      listMs(
                        referenceRuns.map((run) => run.ms),
                        0,
                      ),
                    ],
                  ]
                : []),
              [
                `Chromium's own floor: a bare page fetching the same requests, ${concurrency} at a time (not judged)`,
                fmtMs(browserFloorMedian, 0),
                listMs(browserFloorRuns, 0),
              ],
              ['browser ÷ floor', fmtRatio(ratio), ''],
              ["browser ÷ Chromium's own floor (not judged)", fmtRatio(browserMedian / browserFloorMedian), ''],
              ["Chromium's own floor ÷ Node floor (not judged)", fmtRatio(browserFloorMedian / floorMedian), ''],
            ],
          },
        ],
        targets: [
          {
            name: 'browser time ÷ network floor',
            target: `≤ ${TARGET_RATIO}`,
            actual: ratio.toFixed(2),
            met: ratio <= TARGET_RATIO,
          },
        ],
        notes: [
          ...(browserFloorMedian / floorMedian > TARGET_RATIO
            ? [
                `A bare page that only fetches the same requests in the same Chromium takes ${fmtRatio(browserFloorMedian / floorMedian)} ` +
                  `the Node floor, so in this browser on this machine no page can reach ${TARGET_RATIO}× of it; the app's ` +
                  `own cost is the gap between its time and that bare page (${fmtRatio(browserMedian / browserFloorMedian)}).`,
              ]
            : []),
          `Concurrency ${concurrency}: ${concurrencySource}.`,
          `The app made ${[...new Set(browserRuns.map((run) => run.requests))].join('/')} course_stats requests per run ` +
            `(at most ${Math.max(...browserRuns.map((run) => run.maxInFlight))} in flight); the floor fetched ` +
            `${paths.length} (${Math.round((floorRuns[0]?.bytes ?? 0) / 1024)} KB). Final status: "${browserRuns.at(-1)?.status ?? ''}".`,
        ],
        data: {
          browserRuns,
          floorRuns,
          browserFloorRuns,
          referenceConcurrency,
          referenceRuns,
          paths,
          concurrency,
          concurrencySource,
          ratio,
        },
      };
    } finally {
      await server.stop();
    }
  },
};
