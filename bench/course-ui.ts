// Driving the course statistics page's whole-course mode, for benchmarks 1–3: open course 1000 (10,000 rows),
// press "Load all pages", wait for the role="status" line that says "10,000 rows". A missing piece of that UI is
// a PendingError with a message that names it.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from '@playwright/test';
import { PendingError, ROOT, type BenchWindow, type TimedResult } from './support';

export const SCALE_COURSE_ID = 1000;
export const SCALE_ROWS = 10_000;
export const LOAD_ALL_BUTTON = 'Load all pages';
/**
 * "10,000 rows" as the English status line writes it; "10000 rows" also counts (it cannot occur on a normal page
 * of ≤ 100).
 */
export const ALL_ROWS_PATTERN = '\\b10,?000 rows\\b';
const LOAD_TIMEOUT_MS = 60_000;

/** Visible body rows of any table on the page, less spacer and skeleton rows (aria-hidden). */
function dataRows(page: Page) {
  return page.locator('table tbody tr:not([aria-hidden="true"])').filter({ visible: true });
}

/** Opens course 1000 signed in and waits for its first page of rows and the "Load all pages" button. */
export async function openScaleCourse(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/courses/${SCALE_COURSE_ID}/stats`);
  try {
    // The first page of rows (or, once there, the button) shows that the page and its first request worked.
    await dataRows(page)
      .or(page.getByRole('button', { name: LOAD_ALL_BUTTON }))
      .first()
      .waitFor({ timeout: 30_000 });
  } catch {
    const statuses = await page.getByRole('status').allTextContents();
    throw new Error(
      `Course ${SCALE_COURSE_ID} showed no rows within 30 s at ${page.url()}; statuses: ${JSON.stringify(statuses)}`,
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
  /** Long tasks on the main thread between the click and done: how many, and their total duration. */
  longTasks: number;
  longTaskMs: number;
  /** The course_stats requests the page made after the click, in the order they were sent. */
  requests: string[];
  maxInFlight: number;
  statusText: string;
}

/**
 * Clicks "Load all pages" and times it, in the page, to the frame after the load is complete: a status says
 * 10,000 rows, no status ends in "…", no indeterminate progress bar is left, and the table has all 10,000 rows.
 */
export async function loadAllPages(page: Page): Promise<LoadAllOutcome> {
  const requests: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const isStats = (url: string) => url.includes('/course_stats');
  const onRequest = (request: { url: () => string }) => {
    if (!isStats(request.url())) return;
    const url = new URL(request.url());
    requests.push(url.pathname + url.search);
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
  };
  const onDone = (request: { url: () => string }) => {
    if (isStats(request.url())) inFlight -= 1;
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    const timing = await page.evaluate(
      ({ buttonName, pattern, timeoutMs, rowCount }) => {
        const bench = window as unknown as BenchWindow;
        const button = [...document.querySelectorAll('button')].find(
          (element) => element.textContent?.trim() === buttonName,
        );
        if (!button) throw new Error(`no "${buttonName}" button`);
        const allRows = new RegExp(pattern);
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
      { buttonName: LOAD_ALL_BUTTON, pattern: ALL_ROWS_PATTERN, timeoutMs: LOAD_TIMEOUT_MS, rowCount: SCALE_ROWS + 1 },
    );
    const statuses = await page.getByRole('status').allTextContents();
    if (timing.timedOut) {
      throw new Error(
        `After "${LOAD_ALL_BUTTON}", no role="status" said "10,000 rows" within ${LOAD_TIMEOUT_MS / 1000} s. ` +
          `Statuses on the page: ${JSON.stringify(statuses)}; ${requests.length} course_stats requests were made.`,
      );
    }
    const statusText = statuses.find((text) => new RegExp(ALL_ROWS_PATTERN).test(text)) ?? '';
    const network = await page.evaluate(
      ({ startedAt, endedAt }) => {
        const bench = window as unknown as BenchWindow;
        const tasks = bench.__benchLongTasks.filter((task) => task.start >= startedAt && task.start <= endedAt);
        const entries = performance
          .getEntriesByType('resource')
          .filter(
            (entry) => entry.name.includes('/course_stats') && entry.startTime >= startedAt,
          ) as PerformanceResourceTiming[];
        const durations = entries.map((entry) => entry.responseEnd - entry.startTime).sort((a, b) => a - b);
        return {
          lastResponseMs: Math.max(...entries.map((entry) => entry.responseEnd)) - startedAt,
          medianRequestMs: durations[Math.floor(durations.length / 2)] ?? Number.NaN,
          longTasks: tasks.length,
          longTaskMs: tasks.reduce((sum, task) => sum + task.duration, 0),
        };
      },
      { startedAt: timing.startedAt, endedAt: timing.startedAt + timing.ms },
    );
    return { timing, requests, maxInFlight, statusText, ...network };
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
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
 * either a number (`LOAD_CONCURRENCY = 4`) or limits (`DEFAULT_CONCURRENCY = { initial: 4, min: 1, max: 6 }`).
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
