// Benchmark 1: load all 10,000 rows of course 1000 through the proxy in Chromium ("Load all pages" until the
// status says 10,000 rows; the demo API upstream, on the same machine), against a bare fetch from the same
// signed-in page of the same pages at the same concurrency, parsed with response.json(), to the frame after the last:
// locally, and throttled through DevTools, with and without compression. A plain Node client's time is kept as
// information.

import http from 'node:http';
import zlib from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import {
  emulateNetwork,
  loadAllPages,
  loaderConcurrencyFromSource,
  openScaleCourse,
  SCALE_COURSE,
  type InputResponse,
  type LoadAllOutcome,
  type NetworkProfile,
} from './course-ui';
import { ratioAtMost, type Benchmark, type Target } from './report';
import {
  BENCH_TOKEN,
  DEFAULT_RUNS,
  fmtKb,
  fmtMs,
  fmtRatio,
  launchChromium,
  listMs,
  LONG_TASK_MS,
  median,
  newAppPage,
  runRotated,
  startAppServer,
} from './support';

const LOCAL_TARGET = 1.3;
const THROTTLED_TARGET = 1.15;
const COMPRESSION_TARGET = 0.5;
const INPUT_TARGET_MS = 50;
const FALLBACK_CONCURRENCY = 4;
/** Back-to-back fetches of all pages per Node run; the run's figure is their median. */
const NODE_REPEATS = 5;
export const THROTTLED: NetworkProfile = {
  name: '20 Mbit/s down, 5 Mbit/s up, 40 ms latency',
  latencyMs: 40,
  downloadBitsPerSecond: 20_000_000,
  uploadBitsPerSecond: 5_000_000,
};

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * Fetches every path with `concurrency` workers over keep-alive connections, asking for `encoding`, decoding and
 * parsing each body as the browser would; ms to the last one parsed, and the bytes that came over the wire.
 */
async function fetchAll(
  baseUrl: string,
  paths: string[],
  concurrency: number,
  encoding: Encoding,
): Promise<{ ms: number; bytes: number[] }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let next = 0;
  const bytes: number[] = [];
  const getOne = (path: string, index: number) =>
    new Promise<void>((resolveGet, reject) => {
      const request = http.get(
        baseUrl + path,
        {
          agent,
          headers: {
            accept: 'application/json',
            'accept-encoding': encoding,
            authorization: `Bearer ${BENCH_TOKEN}`,
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            if (response.statusCode !== 200) return reject(new Error(`GET ${path}: ${response.statusCode}`));
            const body = Buffer.concat(chunks);
            bytes[index] = body.length;
            const sent = response.headers['content-encoding'];
            const text =
              sent === 'br' ? zlib.brotliDecompressSync(body) : sent === 'gzip' ? zlib.gunzipSync(body) : body;
            JSON.parse(text.toString('utf8'));
            resolveGet();
          });
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  const worker = async () => {
    while (next < paths.length) {
      const index = next;
      next += 1;
      const path = paths[index];
      if (path !== undefined) await getOne(path, index);
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

export interface BarePageOptions {
  network?: NetworkProfile | null;
  uncompressed?: boolean;
  /** Keep every parsed page on window (for a heap measurement afterwards). */
  keep?: boolean;
  /**
   * Fetch from this page, signed in and settled (the app's course page), instead of a fresh /healthz page: the same
   * origin, connections and main thread the app's load has. The time then runs to the animation frame after the
   * last parse, as the app's runs to the frame that shows its rows.
   */
  page?: Page;
}

/**
 * The browser's floor: a bare page of the same origin (the server's /healthz, a few bytes of JSON) in the same
 * Chromium fetches the same requests with the token, `concurrency` at a time, and reads each body with
 * response.json(), nothing else. Like the app, it has fetched the first path once before it is timed.
 */
export async function barePageLoad(
  browser: Browser,
  appUrl: string,
  paths: string[],
  concurrency: number,
  options: BarePageOptions = {},
): Promise<{ ms: number; rows: number; page: Page }> {
  const page = options.page ?? (await newAppPage(browser, null));
  if (!options.page) await page.goto(`${appUrl}/healthz`);
  if (options.network) await emulateNetwork(page, options.network);
  const { ms, rows } = await page.evaluate(
    async ({ urls, workers, token, uncompressed, keep, toFrame }) => {
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
      if (uncompressed) headers['x-no-compression'] = '1';
      const kept: unknown[] = [];
      const get = async (url: string) => {
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
        return (await response.json()) as unknown;
      };
      if (urls[0] !== undefined) await get(urls[0]);
      let next = 0;
      const worker = async () => {
        while (next < urls.length) {
          const url = urls[next];
          next += 1;
          if (url === undefined) continue;
          const parsed = await get(url);
          if (keep) kept.push(parsed);
        }
      };
      const start = performance.now();
      await Promise.all(Array.from({ length: workers }, worker));
      if (toFrame) await new Promise((resolve) => requestAnimationFrame(resolve));
      const elapsed = performance.now() - start;
      Object.assign(window, { __benchKept: kept });
      return {
        ms: elapsed,
        rows: kept.reduce((sum: number, items) => sum + (Array.isArray(items) ? items.length : 0), 0),
      };
    },
    {
      urls: paths,
      workers: concurrency,
      token: BENCH_TOKEN,
      uncompressed: options.uncompressed ?? false,
      keep: options.keep ?? false,
      toFrame: options.page !== undefined,
    },
  );
  return { ms, rows, page };
}

/** The loader's concurrency: as declared in src/, else as the warm-up run showed. */
export function loaderConcurrency(
  given: number | undefined,
  maxInFlight: number,
): { concurrency: number; source: string } {
  const declared = loaderConcurrencyFromSource();
  const declaredText = declared ? `the app declares ${declared.where}` : 'no concurrency constant found in src/';
  if (given !== undefined) return { concurrency: given, source: `given with --concurrency (${declaredText})` };
  if (declared && declared.initial === declared.max) return { concurrency: declared.initial, source: declaredText };
  // An adaptive loader: the bare page gets as many requests at once as the app reached, the stricter comparison.
  if (maxInFlight > 0) {
    return {
      concurrency: maxInFlight,
      source: `the most course_stats requests the app had in flight at once in the warm-up run; ${declaredText}`,
    };
  }
  if (declared) return { concurrency: declared.initial, source: declaredText };
  return {
    concurrency: FALLBACK_CONCURRENCY,
    source: `${declaredText}, none observed; ${FALLBACK_CONCURRENCY} assumed`,
  };
}

interface AppRun {
  ms: number;
  lastResponseMs: number;
  longTasks: number;
  longTaskMs: number;
  longestTaskMs: number;
  inputs: InputResponse[];
  encodedBytes: number;
  requests: number;
  maxInFlight: number;
  status: string;
}

const asRun = (outcome: LoadAllOutcome): AppRun => ({
  ms: outcome.timing.ms,
  lastResponseMs: outcome.lastResponseMs,
  longTasks: outcome.longTasks,
  longTaskMs: outcome.longTaskMs,
  longestTaskMs: outcome.longestTaskMs,
  inputs: outcome.inputs,
  encodedBytes: outcome.encodedBytes,
  requests: outcome.requests.length,
  maxInFlight: outcome.maxInFlight,
  status: outcome.statusText,
});

/** The worst input of some runs: the longest delay, and the longest Event Timing duration (under 16 ms: none). */
export function worstInput(runs: { inputs: InputResponse[] }[]): {
  count: number;
  delayMs: number;
  durationMs: number;
} {
  const inputs = runs.flatMap((run) => run.inputs);
  const durations = inputs.map((input) => input.durationMs).filter((value) => Number.isFinite(value));
  return {
    count: inputs.length,
    delayMs: Math.max(0, ...inputs.map((input) => input.delayMs)),
    durationMs: durations.length === 0 ? 0 : Math.max(...durations),
  };
}

export const inputText = (worst: { count: number; delayMs: number; durationMs: number }) =>
  worst.count === 0
    ? 'no clicks landed during the load'
    : `${worst.count} clicks; longest wait for the main thread ${fmtMs(worst.delayMs)}, longest to the next paint ` +
      (worst.durationMs === 0 ? 'under 16 ms' : fmtMs(worst.durationMs, 0));

const PLANNED_METHOD =
  'Playwright drives headless Chromium against the built app served by `node --import tsx server/main.ts` as the ' +
  'proxy (API_BASE_URL), in front of the same server in demo mode in another process on the same machine ' +
  `(both LOG_LEVEL=warn, RATE_LIMIT_MAX=0). Each app run opens /courses/${SCALE_COURSE.id}/stats in a fresh browser context, waits for the ` +
  'first page and for the network to settle, then clicks "Load all pages"; the time is performance.now() in the ' +
  'page from the click to the animation frame after the load is complete (a role="status" line says "10,000 rows", ' +
  'no status ends in "…", no loading bar is left, and the table holds all 10,000 rows: aria-rowcount 10,001). ' +
  "While it loads, a real click (CDP Input.dispatchMouseEvent) lands on the page's heading every 120 ms; each " +
  "one's wait for the main thread (its timeStamp to the first listener) and its Event Timing duration (to the " +
  'next paint) are recorded, and so are long tasks (PerformanceObserver "longtask") from the click to done. ' +
  'The bare page: the same signed-in page (a fresh context that opened the course and settled, as for the app) ' +
  'fetching the same course_stats URLs the app requested, with the token and the same concurrency as the app, each ' +
  'body read with response.json() and nothing else, timed from the first fetch to the animation frame after the ' +
  'last parse (like the app, it fetched the first URL once before). Profiles: local (no throttling), and throttled through DevTools ' +
  `(Network.emulateNetworkConditions: ${THROTTLED.name}) for both sides alike, applied after the page settled; ` +
  'each side also runs without compression (the request header x-no-compression, which the ' +
  "server's compression plugin honours), the time it took before compression (locally the app only). Beside them, " +
  'as information: a ' +
  "plain Node client (node:http, keep-alive) in the suite's process fetching, decoding and parsing the same URLs " +
  `with the same concurrency, the median of ${NODE_REPEATS} back-to-back fetches per run. One untimed warm-up run, ` +
  'then 5 runs of each side per profile, rotating which goes first; medians. Byte counts: every URL fetched once ' +
  'per encoding by a Node client.';

export const wholeCourse: Benchmark = {
  id: 'whole-course',
  aliases: ['1', 'load-all', 'whole-course-load'],
  title: 'Loading a whole course of 10,000 rows (benchmark 1)',
  what:
    `Time to load all 10,000 rows of course ${SCALE_COURSE.id} in the browser, from "Load all pages" to the status ` +
    'line saying "10,000 rows", next to a bare page in the same Chromium fetching and parsing the same pages at the ' +
    'same concurrency: locally and over a throttled network, with and without compression; main-thread long tasks ' +
    'and how soon a click is handled during the load; the bytes per page.',
  plannedMethod: PLANNED_METHOD,
  needsBuild: true,
  timeoutMs: 20 * 60_000,
  async run(context) {
    const runs = context.runs ?? DEFAULT_RUNS;
    // Through the proxy, as issue 42 measures it: our server in front of the demo API, another process on the
    // same machine.
    const upstream = await startAppServer('upstream (demo server, whole course)');
    const server = await startAppServer('proxy server (whole course)', { API_BASE_URL: upstream.url });
    try {
      const browser = await launchChromium();
      const appRun = async (options: { network?: NetworkProfile; uncompressed?: boolean } = {}) => {
        const page = await newAppPage(browser);
        try {
          await openScaleCourse(page, server.url);
          return await loadAllPages(page, options);
        } finally {
          await page.context().close();
        }
      };
      // The bare side fetches from the app's own page, signed in and settled on the course, as the app's load does.
      const bareRun = async (options: BarePageOptions = {}) => {
        const appPage = await newAppPage(browser);
        try {
          await openScaleCourse(appPage, server.url);
          return (await barePageLoad(browser, server.url, paths, concurrency, { ...options, page: appPage })).ms;
        } finally {
          await appPage.context().close();
        }
      };

      // The warm-up run fills the demo API's page cache and tells which pages the app asks for, and how many at once.
      const warmUp = await appRun();
      const paths = warmUp.requests;
      const { concurrency, source: concurrencySource } = loaderConcurrency(context.concurrency, warmUp.maxInFlight);

      const bytes: Record<Encoding, number[]> = { identity: [], gzip: [], br: [] };
      for (const encoding of ['identity', 'gzip', 'br'] as const) {
        bytes[encoding] = (await fetchAll(server.url, paths, 1, encoding)).bytes;
      }

      const local = { app: [] as AppRun[], appPlain: [] as AppRun[], bare: [] as number[], node: [] as number[] };
      const throttled = {
        app: [] as AppRun[],
        bare: [] as number[],
        appPlain: [] as AppRun[],
        barePlain: [] as number[],
      };
      for (let run = 0; run < runs; run += 1) {
        const sides = [
          async () => local.app.push(asRun(await appRun())),
          async () => local.appPlain.push(asRun(await appRun({ uncompressed: true }))),
          async () => {
            local.bare.push(await bareRun());
            const times: number[] = [];
            for (let i = 0; i < NODE_REPEATS; i += 1)
              times.push((await fetchAll(server.url, paths, concurrency, 'br')).ms);
            local.node.push(median(times));
          },
        ];
        await runRotated(run, sides);
        console.log(
          `  local run ${run + 1}/${runs}: app ${fmtMs(local.app.at(-1)?.ms ?? NaN, 0)} ` +
            `(longest task ${fmtMs(local.app.at(-1)?.longestTaskMs ?? NaN, 0)}), bare page ${fmtMs(local.bare.at(-1) ?? NaN, 0)}, ` +
            `Node ${fmtMs(local.node.at(-1) ?? NaN, 0)}`,
        );
      }
      for (let run = 0; run < runs; run += 1) {
        const sides = [
          async () => throttled.app.push(asRun(await appRun({ network: THROTTLED }))),
          async () => throttled.bare.push(await bareRun({ network: THROTTLED })),
          async () => throttled.appPlain.push(asRun(await appRun({ network: THROTTLED, uncompressed: true }))),
          async () => throttled.barePlain.push(await bareRun({ network: THROTTLED, uncompressed: true })),
        ];
        await runRotated(run, sides);
        console.log(
          `  throttled run ${run + 1}/${runs}: app ${fmtMs(throttled.app.at(-1)?.ms ?? NaN, 0)}, bare page ` +
            `${fmtMs(throttled.bare.at(-1) ?? NaN, 0)}; uncompressed: app ${fmtMs(throttled.appPlain.at(-1)?.ms ?? NaN, 0)}, ` +
            `bare page ${fmtMs(throttled.barePlain.at(-1) ?? NaN, 0)}`,
        );
      }
      await browser.close();

      const ms = (list: AppRun[]) => list.map((run) => run.ms);
      const localApp = median(ms(local.app));
      const localBare = median(local.bare);
      const localNode = median(local.node);
      const throttledApp = median(ms(throttled.app));
      const throttledBare = median(throttled.bare);
      const throttledAppPlain = median(ms(throttled.appPlain));
      const throttledBarePlain = median(throttled.barePlain);
      const localRatio = localApp / localBare;
      const throttledRatio = throttledApp / throttledBare;
      const compressionRatio = throttledApp / throttledAppPlain;
      const longTasks = Math.max(...local.app.map((run) => run.longTasks));
      const longest = Math.max(...local.app.map((run) => run.longestTaskMs));
      const input = worstInput([...local.app, ...throttled.app]);

      const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
      const rowsLoaded = SCALE_COURSE.rows;
      const perPage = (values: number[]) =>
        median(values.filter((_value, index) => paths[index]?.includes('per_page=100')));
      const per10k = (values: number[]) => (sum(values) / rowsLoaded) * 10_000;
      const appEncoded = median(local.app.map((run) => run.encodedBytes));

      const appRow = (name: string, list: AppRun[]) => [name, fmtMs(median(ms(list)), 0), listMs(ms(list), 0)];
      const bareRow = (name: string, list: number[]) => [name, fmtMs(median(list), 0), listMs(list, 0)];
      const targets: Target[] = [
        ratioAtMost('local: app ÷ bare page', localRatio, LOCAL_TARGET),
        {
          name: `local: main-thread tasks over ${LONG_TASK_MS} ms from the click to all rows (worst run)`,
          target: '0',
          actual: longTasks === 0 ? '0' : `${longTasks} (longest ${fmtMs(longest, 0)})`,
          met: longTasks === 0,
        },
        {
          name: 'a click during the load, handled and painted (longest of all app runs, local and throttled)',
          target: `≤ ${INPUT_TARGET_MS} ms`,
          actual: input.count === 0 ? 'no clicks' : input.durationMs === 0 ? '< 16 ms' : fmtMs(input.durationMs, 0),
          met: input.count > 0 && input.durationMs <= INPUT_TARGET_MS && input.delayMs <= INPUT_TARGET_MS,
        },
        ratioAtMost('throttled: app ÷ bare page', throttledRatio, THROTTLED_TARGET),
        ratioAtMost('throttled: app with compression ÷ without', compressionRatio, COMPRESSION_TARGET),
      ];
      return {
        status: 'measured',
        method: PLANNED_METHOD.replace('then 5 runs', `then ${runs} runs`),
        tables: [
          {
            headers: ['profile, side', 'median', 'runs'],
            rows: [
              appRow('local: app, "Load all pages" → "10,000 rows"', local.app),
              [
                '  of which: click → last course_stats response received',
                fmtMs(median(local.app.map((run) => run.lastResponseMs)), 0),
                listMs(
                  local.app.map((run) => run.lastResponseMs),
                  0,
                ),
              ],
              [
                `  main-thread tasks over ${LONG_TASK_MS} ms (count, longest)`,
                `${median(local.app.map((run) => run.longTasks))}`,
                local.app.map((run) => `${run.longTasks} (${fmtMs(run.longestTaskMs, 0)})`).join(', '),
              ],
              appRow('local: app without compression (information)', local.appPlain),
              bareRow(`local: bare page, same ${paths.length} requests, ${concurrency} at a time`, local.bare),
              ['local: app ÷ bare page', fmtRatio(localRatio), ''],
              bareRow('local: Node client, same requests (information)', local.node),
              appRow(`throttled (${THROTTLED.name}): app`, throttled.app),
              bareRow('throttled: bare page', throttled.bare),
              ['throttled: app ÷ bare page', fmtRatio(throttledRatio), ''],
              appRow('throttled: app without compression (before)', throttled.appPlain),
              bareRow('throttled: bare page without compression', throttled.barePlain),
              ['throttled: app with ÷ without compression', fmtRatio(compressionRatio), ''],
              ['throttled: bare page with ÷ without compression', fmtRatio(throttledBare / throttledBarePlain), ''],
            ],
          },
          {
            headers: ['course_stats answers (what the app asked for)', 'identity', 'gzip 6', 'brotli 4'],
            rows: [
              [
                'one page of 100 rows (median)',
                fmtKb(perPage(bytes.identity)),
                fmtKb(perPage(bytes.gzip)),
                fmtKb(perPage(bytes.br)),
              ],
              [
                `all ${paths.length} requests`,
                fmtKb(sum(bytes.identity)),
                fmtKb(sum(bytes.gzip)),
                fmtKb(sum(bytes.br)),
              ],
              ['per 10,000 rows', fmtKb(per10k(bytes.identity)), fmtKb(per10k(bytes.gzip)), fmtKb(per10k(bytes.br))],
              [
                'share of identity',
                '100%',
                `${Math.round((sum(bytes.gzip) / sum(bytes.identity)) * 100)}%`,
                `${Math.round((sum(bytes.br) / sum(bytes.identity)) * 100)}%`,
              ],
            ],
          },
        ],
        targets,
        notes: [
          `Clicks during the load: ${inputText(input)}. Local runs alone: ${inputText(worstInput(local.app))}.`,
          `Locally, the app's load-all with compression takes ${fmtRatio(localApp / median(ms(local.appPlain)))} its ` +
            'time without (the two alternate within each run; their spread is in the table).',
          `Chromium received ${fmtKb(appEncoded)} of course_stats bodies in a local run with compression (Playwright's ` +
            `request sizes), for ${fmtKb(sum(bytes.identity))} of JSON; without compression, ` +
            `${fmtKb(median(local.appPlain.map((run) => run.encodedBytes)))}.`,
          `Concurrency ${concurrency}: ${concurrencySource}.`,
          `The Node client takes ${fmtRatio(localNode / localBare)} of the bare page's time: what Chromium's own ` +
            'networking and response.json() cost on this machine, which no page can avoid.',
          `The app made ${[...new Set(local.app.map((run) => run.requests))].join('/')} course_stats requests per run ` +
            `(at most ${Math.max(...local.app.map((run) => run.maxInFlight))} in flight). Final status: ` +
            `"${local.app.at(-1)?.status ?? ''}".`,
        ],
        data: {
          local,
          throttled,
          bytes,
          paths,
          concurrency,
          concurrencySource,
          localRatio,
          throttledRatio,
          compressionRatio,
        },
      };
    } finally {
      await server.stop();
      await upstream.stop();
    }
  },
};
