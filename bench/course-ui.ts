// Driving the course statistics page's whole-course mode, for benchmarks 1–3 and 10: open course 1000 (10,000 rows)
// or 5000 (50,000), press "Load all pages", wait for the role="status" line that says "10,000 rows" (or 50,000),
// while clicking the page now and then to see how soon it answers. A missing piece of that UI is a PendingError with
// a message that names it.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { CDPSession, Page, Request } from '@playwright/test';
import { PendingError, ROOT, type BenchWindow, type EventTimingEntry, type TimedResult } from './support';

/** A demo course with a known number of statistics (server/demo-api/courses.ts). */
export interface ScaleCourse {
  id: number;
  rows: number;
}
export const SCALE_COURSE: ScaleCourse = { id: 1000, rows: 10_000 };
export const LARGE_SCALE_COURSE: ScaleCourse = { id: 5000, rows: 50_000 };
export const SCALE_COURSE_ID = SCALE_COURSE.id;
export const LOAD_ALL_BUTTON = 'Load all pages';
/**
 * "10,000 rows" as the English status line writes it; "10000 rows" also counts (it cannot occur on a normal page
 * of ≤ 100).
 */
export const allRowsPattern = (rows: number) => `\\b${rows.toLocaleString('en-US').replace(',', ',?')} rows\\b`;
export const ALL_ROWS_PATTERN = allRowsPattern(SCALE_COURSE.rows);
const LOAD_TIMEOUT_MS = 120_000;
/** How often a click is sent while the rows load. */
const POKE_EVERY_MS = 120;

/** Visible body rows of any table on the page, less spacer and skeleton rows (aria-hidden). */
function dataRows(page: Page) {
  return page.locator('table tbody tr:not([aria-hidden="true"])').filter({ visible: true });
}

/** Opens a course (1000 unless told) signed in and waits for its first page of rows and the "Load all pages" button. */
export async function openScaleCourse(page: Page, appUrl: string, course: ScaleCourse = SCALE_COURSE): Promise<void> {
  await page.goto(`${appUrl}/courses/${course.id}/stats`);
  try {
    // The first page of rows (or, once there, the button) shows that the page and its first request worked.
    await dataRows(page)
      .or(page.getByRole('button', { name: LOAD_ALL_BUTTON }))
      .first()
      .waitFor({ timeout: 30_000 });
  } catch {
    const statuses = await page.getByRole('status').allTextContents();
    throw new Error(
      `Course ${course.id} showed no rows within 30 s at ${page.url()}; statuses: ${JSON.stringify(statuses)}`,
    );
  }
  const button = page.getByRole('button', { name: LOAD_ALL_BUTTON });
  try {
    await button.first().waitFor({ state: 'visible', timeout: 5_000 });
  } catch {
    throw new PendingError(
      `The course statistics page has no "${LOAD_ALL_BUTTON}" button yet (whole-course mode has not landed), so ` +
        'this benchmark could not run.',
    );
  }
  // Start from a settled page: its first page of rows shown and no request in flight.
  await dataRows(page).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

export interface LoadAllOutcome {
  timing: TimedResult;
  /** From the click to the end of the last course_stats response (Resource Timing): the network part. */
  lastResponseMs: number;
  /** Median time from request start to response end of those requests, as the browser saw them. */
  medianRequestMs: number;
  /** Long tasks on the main thread between the click and done: how many, their total and the longest. */
  longTasks: number;
  longTaskMs: number;
  longestTaskMs: number;
  /** The clicks sent while the rows loaded, as the page saw them (Event Timing; see pokeWhileLoading). */
  inputs: InputResponse[];
  /** Bytes of the course_stats answers' bodies as they came over the wire (encoded). */
  encodedBytes: number;
  /** The course_stats requests the page made after the click, in the order they were sent. */
  requests: string[];
  maxInFlight: number;
  statusText: string;
}

export interface InputResponse {
  /** From the input's timestamp to its first handler: how long it waited for the main thread. */
  delayMs: number;
  /** Event Timing's duration: from the input to the next paint after its handlers (rounded to 8 ms by Chromium). */
  durationMs: number;
}

/**
 * Sends a real click (CDP Input.dispatchMouseEvent: through the browser's input pipeline, as a mouse would) on the
 * page's heading every POKE_EVERY_MS until `until` settles; a click there changes nothing. Returns how many.
 */
async function pokeWhileLoading(page: Page, cdp: CDPSession, until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const box = await page.locator('h1').first().boundingBox();
  const x = box ? box.x + Math.min(20, box.width / 2) : 5;
  const y = box ? box.y + box.height / 2 : 5;
  let sent = 0;
  await sleep(POKE_EVERY_MS / 2);
  while (!done) {
    await cdp.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount: 1 });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
    sent += 1;
    await sleep(POKE_EVERY_MS);
  }
  return sent;
}

/**
 * The clicks between two instants, one per pointerdown: its input delay (from the page's own capturing listener,
 * which sees every event) and its Event Timing duration (the browser reports only those of 16 ms or more; a click
 * without an entry was shown in less).
 */
function inputsBetween(events: EventTimingEntry[], from: number, to: number): InputResponse[] {
  const downs = events.filter((event) => event.name === 'pointerdown' && event.start >= from && event.start <= to);
  return downs.map((down) => ({
    delayMs: down.delay,
    durationMs: down.duration ?? Number.NaN,
  }));
}

export interface LoadAllOptions {
  course?: ScaleCourse;
  /** Applied through DevTools after the page settled and before the click, e.g. 20 Mbit/s and 40 ms. */
  network?: NetworkProfile | null;
  /** Ask the server for uncompressed answers (its compression plugin honours x-no-compression). */
  uncompressed?: boolean;
  /** Send clicks while loading (default true). */
  poke?: boolean;
}

export interface NetworkProfile {
  name: string;
  latencyMs: number;
  downloadBitsPerSecond: number;
  uploadBitsPerSecond: number;
}

/** DevTools network emulation for one page, on its own CDP session (kept until the page's context closes). */
export async function emulateNetwork(page: Page, profile: NetworkProfile): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.latencyMs,
    downloadThroughput: profile.downloadBitsPerSecond / 8,
    uploadThroughput: profile.uploadBitsPerSecond / 8,
  });
}

/**
 * Clicks "Load all pages" and times it, in the page, to the frame after the load is complete: a status says
 * all rows (10,000 or 50,000), no status ends in "…", no indeterminate progress bar is left, and the table has
 * every row. Meanwhile it clicks the page's heading now and then (pokeWhileLoading).
 */
export async function loadAllPages(page: Page, options: LoadAllOptions = {}): Promise<LoadAllOutcome> {
  const course = options.course ?? SCALE_COURSE;
  const pattern = allRowsPattern(course.rows);
  const requests: string[] = [];
  // Finished course_stats requests, from the page or its Worker (whose fetches main-thread Resource Timing misses).
  const finished: Request[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const isStats = (url: string) => url.includes('/course_stats');
  const onRequest = (request: Request) => {
    if (!isStats(request.url())) return;
    const url = new URL(request.url());
    requests.push(url.pathname + url.search);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
  };
  const onFinished = (request: Request) => {
    if (!isStats(request.url())) return;
    inFlight -= 1;
    finished.push(request);
  };
  const onFailed = (request: Request) => {
    if (isStats(request.url())) inFlight -= 1;
  };
  if (options.network) await emulateNetwork(page, options.network);
  if (options.uncompressed) await page.setExtraHTTPHeaders({ 'x-no-compression': '1' });
  const cdp = await page.context().newCDPSession(page);
  page.on('request', onRequest);
  page.on('requestfinished', onFinished);
  page.on('requestfailed', onFailed);
  try {
    const timed = page.evaluate(
      ({ buttonName, pattern: allRowsText, timeoutMs, rowCount }) => {
        const bench = window as unknown as BenchWindow;
        const button = [...document.querySelectorAll('button')].find(
          (element) => element.textContent?.trim() === buttonName,
        );
        if (!button) throw new Error(`no "${buttonName}" button`);
        const allRows = new RegExp(allRowsText);
        // "Loaded 10,000 rows (100 pages)…" is still loading (the page after it is not read yet): done means a status
        // says 10,000 rows, none ends in an ellipsis ("Preparing the table…" neither), and no indeterminate progress
        // bar (the loader's; the table's progress cells have values) is left.
        // The table must hold every row too (aria-rowcount counts the header row): a status alone could run ahead of it.
        const done = () => {
          const statuses = [...document.querySelectorAll('[role="status"]')].map(
            (element) => element.textContent?.trim() ?? '',
          );
          return (
            statuses.some((text) => allRows.test(text)) &&
            !statuses.some((text) => text.endsWith('…') || text.endsWith('...')) &&
            document.querySelector('[role="progressbar"]:not([aria-valuenow])') === null &&
            document.querySelector(`table[aria-rowcount="${rowCount}"]`) !== null
          );
        };
        return bench.__benchTimeUntil(() => button.click(), done, timeoutMs);
      },
      { buttonName: LOAD_ALL_BUTTON, pattern, timeoutMs: LOAD_TIMEOUT_MS, rowCount: course.rows + 1 },
    );
    const poked = options.poke === false ? Promise.resolve(0) : pokeWhileLoading(page, cdp, timed);
    const timing = await timed;
    await poked;
    const statuses = await page.getByRole('status').allTextContents();
    if (timing.timedOut) {
      throw new Error(
        `After "${LOAD_ALL_BUTTON}", no role="status" said "${course.rows.toLocaleString('en-US')} rows" within ` +
          `${LOAD_TIMEOUT_MS / 1000} s. Statuses on the page: ${JSON.stringify(statuses)}; ${requests.length} ` +
          'course_stats requests were made.',
      );
    }
    const statusText = statuses.find((text) => new RegExp(pattern).test(text)) ?? '';
    // Let the Event Timing entries of the last clicks arrive (they are reported after their paint).
    await page.waitForTimeout(100);
    const network = await page.evaluate(
      ({ startedAt, endedAt }) => {
        const bench = window as unknown as BenchWindow;
        const tasks = bench.__benchLongTasks.filter((task) => task.start >= startedAt && task.start <= endedAt);
        return {
          clickedAt: performance.timeOrigin + startedAt,
          longTasks: tasks.length,
          longTaskMs: tasks.reduce((sum, task) => sum + task.duration, 0),
          longestTaskMs: Math.max(0, ...tasks.map((task) => task.duration)),
          events: bench.__benchEvents,
        };
      },
      { startedAt: timing.startedAt, endedAt: timing.startedAt + timing.ms },
    );
    // Request timing is in wall-clock ms (startTime) plus ms after it; the click, in the page's timeOrigin + now.
    const afterClick = finished.filter((request) => request.timing().startTime >= network.clickedAt - 1);
    const ends = afterClick.map((request) => request.timing().startTime + request.timing().responseEnd);
    const durations = afterClick.map((request) => request.timing().responseEnd).sort((a, b) => a - b);
    const sizes = await Promise.all(afterClick.map((request) => request.sizes().catch(() => null)));
    const rest = {
      lastResponseMs: ends.length === 0 ? Number.NaN : Math.max(...ends) - network.clickedAt,
      medianRequestMs: durations[Math.floor(durations.length / 2)] ?? Number.NaN,
      longTasks: network.longTasks,
      longTaskMs: network.longTaskMs,
      longestTaskMs: network.longestTaskMs,
      encodedBytes: sizes.reduce((sum, size) => sum + (size?.responseBodySize ?? 0), 0),
    };
    const { events } = network;
    const inputs = inputsBetween(events, timing.startedAt, timing.startedAt + timing.ms);
    return { timing, requests, maxInFlight, statusText, inputs, ...rest };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onFinished);
    page.off('requestfailed', onFailed);
    await cdp.detach().catch(() => undefined);
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

export interface DeclaredConcurrency {
  /** A fixed number of requests in flight, or the start of an adaptive range. */
  initial: number;
  /** The most an adaptive loader allows; equal to initial when fixed. */
  max: number;
  where: string;
}

/**
 * The whole-course loader's concurrency as the app's code declares it: a constant whose name contains CONCURRENCY,
 * either a number (`LOAD_CONCURRENCY = 4`) or limits (`DEFAULT_CONCURRENCY = { initial: 6, min: 1, max: 6 }`).
 * Null when there is none, or several that disagree.
 */
export function loaderConcurrencyFromSource(): DeclaredConcurrency | null {
  const found: DeclaredConcurrency[] = [];
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\b\w*CONCURRENCY\w*\s*(?::\s*\w+\s*)?=\s*(\d+|\{[^}]*\})/g)) {
      const value = match[1] ?? '';
      const where = `${relative(ROOT, file)}: ${match[0].replace(/\s+/g, ' ').trim()}`;
      if (/^\d+$/.test(value)) {
        found.push({ initial: Number(value), max: Number(value), where });
        continue;
      }
      const initial = /\binitial\s*:\s*(\d+)/.exec(value)?.[1];
      const max = /\bmax\s*:\s*(\d+)/.exec(value)?.[1];
      if (initial !== undefined) found.push({ initial: Number(initial), max: Number(max ?? initial), where });
    }
  }
  const distinct = new Set(found.map((entry) => `${entry.initial}-${entry.max}`));
  return distinct.size === 1 ? (found[0] ?? null) : null;
}
