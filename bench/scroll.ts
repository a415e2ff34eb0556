// Benchmark 3: scroll the 10,000 loaded rows from top to bottom and count dropped frames (gaps of more than
// 50 ms between animation frames); and the 50,000 rows of course 5000, five viewports a frame, so that a pass has
// as many frames (each showing only new rows) as the 10,000-row one.

import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { LARGE_SCALE_COURSE, loadAllPages, openScaleCourse, SCALE_COURSE, type ScaleCourse } from './course-ui';
import type { Benchmark } from './report';
import {
  fmtInt,
  fmtMb,
  fmtMs,
  jsHeapAfterGc,
  launchChromium,
  median,
  newAppPage,
  percentile,
  startAppServer,
} from './support';

const DEFAULT_PASSES = 3;
const DROPPED_GAP_MS = 50;
/** A pass is about 800 frames; on a busy shared machine frames can take 100 ms and more. */
const PASS_TIMEOUT_MS = 150_000;
const WARM_UP_FRAMES = 120;
/** About five rows per frame: a brisk mouse wheel; its pass covers the first 600 frames (about a third). */
const WHEEL_STEP_PX = 240;
const WHEEL_FRAMES = 600;

interface ScrollPass {
  frames: number;
  durationMs: number;
  gaps: number[];
  dropped: number;
  longTasks: number;
  scrollHeight: number;
  viewport: number;
  maxRowsInDom: number;
  scroller: string;
  /** False when the pass ran out of time before its end (the bottom, or its frame budget). */
  reachedEnd: boolean;
  scrolledPx: number;
  /** CPU time of the page's renderer during the pass, per frame (ms): its main thread, and all its threads. */
  mainCpuPerFrame: number;
  rendererCpuPerFrame: number;
}

/**
 * The page's renderer process. Dropped frames count wall time, which on a shared machine also measures everyone
 * else's load; the CPU time the page's renderer used per frame depends far less on it, so a change to the table
 * shows in it even on a busy machine. Found as the renderer that a short busy loop in the page keeps busy. Null
 * without /proc.
 */
async function rendererPid(browser: Browser, page: Page): Promise<number | null> {
  if (!existsSync('/proc/self/stat')) return null;
  const session = await browser.newBrowserCDPSession();
  try {
    const before = (await session.send('SystemInfo.getProcessInfo')).processInfo;
    await page.evaluate(() => {
      const start = performance.now();
      while (performance.now() - start < 300) {
        // busy: this renderer's CPU time grows
      }
    });
    const after = (await session.send('SystemInfo.getProcessInfo')).processInfo;
    let busiest: { id: number; grew: number } | null = null;
    for (const info of after) {
      if (info.type !== 'renderer') continue;
      const grew = info.cpuTime - (before.find((earlier) => earlier.id === info.id)?.cpuTime ?? 0);
      if (!busiest || grew > busiest.grew) busiest = { id: info.id, grew };
    }
    return busiest?.id ?? null;
  } catch {
    return null;
  } finally {
    await session.detach().catch(() => undefined);
  }
}

let clockTicksPerSecond: number | null = null;

/** User + system CPU time (ms) of a process, or of one of its threads, from /proc; NaN where it cannot be read. */
function cpuMs(pid: number | null, tid?: number): number {
  if (pid === null) return Number.NaN;
  try {
    clockTicksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8');
    // "pid (comm) state ..." with comm possibly holding spaces: fields after the ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / clockTicksPerSecond;
  } catch {
    return Number.NaN;
  }
}

/** Runs a pass and adds the renderer's CPU time per frame. A renderer's main thread is its first thread. */
async function measuredPass(page: Page, pid: number | null, step: Step, maxFrames?: number): Promise<ScrollPass> {
  const mainBefore = cpuMs(pid, pid ?? undefined);
  const rendererBefore = cpuMs(pid);
  const result = await scrollPass(page, step, maxFrames);
  const frames = Math.max(1, result.frames);
  return {
    ...result,
    mainCpuPerFrame: (cpuMs(pid, pid ?? undefined) - mainBefore) / frames,
    rendererCpuPerFrame: (cpuMs(pid) - rendererBefore) / frames,
  };
}

type PagePass = Omit<ScrollPass, 'mainCpuPerFrame' | 'rendererCpuPerFrame'>;

/** How far each frame scrolls: a fixed number of pixels, or viewport heights. */
type Step = { px: number } | { viewports: number };

/** One pass. */
async function scrollPass(page: Page, step: Step, maxFrames = Number.POSITIVE_INFINITY): Promise<PagePass> {
  return page.evaluate(
    ({ droppedGapMs, timeoutMs, maxFrames, stepPx, viewports }) =>
      new Promise<PagePass>((resolvePass) => {
        const body = document.querySelector('table[aria-rowcount] tbody') ?? document.querySelector('table tbody');
        if (!body) throw new Error('no table body');
        // The nearest ancestor that scrolls: the table's own scroll region, else the page.
        let scroller: Element | null = body.parentElement;
        while (scroller && scroller !== document.body) {
          const style = getComputedStyle(scroller);
          if (/(auto|scroll)/.test(style.overflowY) && scroller.scrollHeight > scroller.clientHeight + 10) break;
          scroller = scroller.parentElement;
        }
        const element =
          scroller && scroller !== document.body ? scroller : (document.scrollingElement ?? document.documentElement);
        const describe =
          element === document.scrollingElement
            ? 'the page'
            : `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ').join('.')}` : ''}`;
        element.scrollTop = 0;

        let longTasks = 0;
        const observer = new PerformanceObserver((list) => {
          longTasks += list.getEntries().length;
        });
        try {
          observer.observe({ type: 'longtask', buffered: false });
        } catch {
          // long tasks not supported: counted as 0
        }
        const gaps: number[] = [];
        let last: number | null = null;
        let maxRowsInDom = 0;
        let atBottomFrames = 0;
        const started = performance.now();
        let stopped = false;
        const finish = (reachedEnd: boolean) => {
          stopped = true;
          clearTimeout(timer);
          observer.disconnect();
          resolvePass({
            frames: gaps.length,
            durationMs: performance.now() - started,
            gaps,
            dropped: gaps.filter((gap) => gap > droppedGapMs).length,
            longTasks,
            scrollHeight: element.scrollHeight,
            viewport: element.clientHeight,
            maxRowsInDom,
            scroller: describe,
            reachedEnd,
            scrolledPx: element.scrollTop,
          });
        };
        // Out of time (a very busy machine): what was measured so far is the result, marked as cut short.
        const timer = setTimeout(() => finish(false), timeoutMs);
        const frame = (now: number) => {
          if (stopped) return;
          if (last !== null) gaps.push(now - last);
          last = now;
          maxRowsInDom = Math.max(maxRowsInDom, body.querySelectorAll('tr').length);
          const atBottom = element.scrollTop + element.clientHeight >= element.scrollHeight - 1;
          // Two more frames at the bottom, so the last rows' render is counted too. A partial pass stops early.
          if (atBottom) atBottomFrames += 1;
          if (atBottomFrames > 2 || gaps.length >= maxFrames) {
            finish(true);
            return;
          }
          element.scrollTop += stepPx ?? element.clientHeight * viewports;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(() => requestAnimationFrame(frame));
      }),
    {
      droppedGapMs: DROPPED_GAP_MS,
      timeoutMs: PASS_TIMEOUT_MS,
      maxFrames: Number.isFinite(maxFrames) ? maxFrames : 1e9,
      stepPx: 'px' in step ? step.px : null,
      viewports: 'viewports' in step ? step.viewports : 1,
    },
  );
}

/**
 * The same scroll over a static page of the same size: what this machine's Chromium manages at that moment with
 * nothing to render, so dropped frames can be told apart from a busy machine.
 */
async function baselinePasses(
  browser: Browser,
  page: Page,
  scrollHeight: number,
  viewport: number,
  passes: number,
  step: Step,
): Promise<ScrollPass[]> {
  // about:blank first: setContent writes into the current document, whose CSP (style-src 'self') would drop the
  // inline styles.
  await page.goto('about:blank');
  await page.setContent(
    `<div style="height:${viewport}px;overflow:auto"><table><tbody><tr><td>static</td></tr></tbody></table>` +
      `<div style="height:${scrollHeight}px;background:linear-gradient(#fff,#ccc)"></div></div>`,
  );
  const results: ScrollPass[] = [];
  // about:blank may have moved the page to another renderer.
  const pid = await rendererPid(browser, page);
  for (let pass = 0; pass < passes; pass += 1) results.push(await measuredPass(page, pid, step));
  return results;
}

const plannedMethod = (course: ScaleCourse, viewports: number) =>
  `Playwright drives headless Chromium (1280×800) against the built app (demo mode). Course ${course.id} is ` +
  `opened and all its pages loaded ("Load all pages" until "${course.rows.toLocaleString('en-US')} rows"). A script ` +
  "in the page then scrolls the table's scroll container (its nearest scrolling ancestor, else the page) from the " +
  `top to the bottom, ${viewports === 1 ? 'one viewport height' : `${viewports} viewport heights`} further in every ` +
  'requestAnimationFrame callback: as fast as a scrollbar drag, every frame shows new rows. ' +
  'Gaps between consecutive animation frames over 50 ms count as dropped frames; long tasks are counted alongside, ' +
  "and so is the CPU time the page's renderer used per frame (from /proc), which the machine's load changes far " +
  'less than it changes dropped frames. ' +
  'An untimed warm-up of 120 frames, then 3 full passes, then 600 frames from the top at 240 px per frame (a brisk ' +
  'mouse wheel); a pass still running after 150 s is cut short and reported as such; ' +
  'the median and the worst pass are reported. Target: none dropped in any pass. For comparison: the ' +
  'same passes over a static page of the same height in the same browser right after, which shows what the machine ' +
  'itself allows at that moment.';

function scrollBenchmark(
  course: ScaleCourse,
  viewports: number,
  identity: Pick<Benchmark, 'id' | 'aliases' | 'title'>,
): Benchmark {
  const rowsText = course.rows.toLocaleString('en-US');
  const step = { viewports };
  const stepName = viewports === 1 ? 'one viewport' : `${viewports} viewports`;
  return {
    ...identity,
    what: `Dropped frames (requestAnimationFrame gaps over 50 ms) while the ${rowsText} loaded rows are scrolled from top to bottom.`,
    plannedMethod: plannedMethod(course, viewports),
    needsBuild: true,
    timeoutMs: 15 * 60_000,
    async run(context) {
      const passes = context.runs ?? DEFAULT_PASSES;
      const server = await startAppServer(`demo server (scroll ${rowsText})`);
      try {
        const browser = await launchChromium();
        const page = await newAppPage(browser);
        await openScaleCourse(page, server.url, course);
        await loadAllPages(page, { course, poke: false });
        await page.waitForTimeout(500);
        const heapLoaded = await jsHeapAfterGc(page);
        const pid = await rendererPid(browser, page);
        // Warm-up: the first 120 frames run every rendering path once.
        await scrollPass(page, step, WARM_UP_FRAMES);
        const results: ScrollPass[] = [];
        for (let pass = 0; pass < passes; pass += 1) {
          await page.waitForTimeout(300);
          const result = await measuredPass(page, pid, step);
          results.push(result);
          console.log(
            `  scroll pass ${pass + 1}/${passes}: ${result.frames} frames in ${fmtMs(result.durationMs, 0)}, ${result.dropped} dropped, ` +
              `longest gap ${fmtMs(Math.max(...result.gaps), 0)}, main thread ${fmtMs(result.mainCpuPerFrame)} CPU per frame`,
          );
        }
        // One pass at wheel speed too: fewer new rows per frame, many more frames.
        await page.waitForTimeout(300);
        const wheel = await measuredPass(page, pid, { px: WHEEL_STEP_PX }, WHEEL_FRAMES);
        console.log(
          `  wheel-speed pass: ${wheel.frames} frames in ${fmtMs(wheel.durationMs, 0)}, ${wheel.dropped} dropped`,
        );
        // What the passes left behind: rows made to be shown must not all stay once scrolled past.
        const heapScrolled = await jsHeapAfterGc(page);
        console.log(`  JS heap: ${fmtMb(heapLoaded)} after the load, ${fmtMb(heapScrolled)} after the passes`);
        const first = results[0];
        const baseline = first
          ? await baselinePasses(browser, page, first.scrollHeight, first.viewport, passes, step)
          : [];
        for (const [index, result] of baseline.entries()) {
          console.log(`  baseline pass ${index + 1}/${passes}: ${result.frames} frames, ${result.dropped} dropped`);
        }
        await browser.close();

        const dropped = results.map((result) => result.dropped);
        const worst = [...results, wheel].reduce((a, b) => (b.dropped > a.dropped ? b : a));
        const allGaps = results.flatMap((result) => result.gaps);
        const summary = ({ gaps, ...rest }: ScrollPass) => ({
          ...rest,
          gapP50: median(gaps),
          gapP95: percentile(gaps, 95),
          gapMax: Math.max(...gaps),
        });
        const row = (label: string, result: ScrollPass) => [
          result.reachedEnd
            ? label
            : `${label} (cut short after ${PASS_TIMEOUT_MS / 1000} s at ${fmtInt(result.scrolledPx)} px)`,
          fmtInt(result.frames),
          fmtMs(result.durationMs, 0),
          String(result.dropped),
          fmtMs(Math.max(...result.gaps)),
          fmtMs(percentile(result.gaps, 95)),
          String(result.longTasks),
          fmtMs(result.mainCpuPerFrame),
          fmtMs(result.rendererCpuPerFrame),
        ];
        return {
          status: 'measured',
          method: plannedMethod(course, viewports).replace('3 passes', `${passes} passes`),
          tables: [
            {
              headers: [
                'pass',
                'frames',
                'duration',
                'dropped (> 50 ms)',
                'longest gap',
                'p95 gap',
                'long tasks',
                'main thread CPU / frame',
                'renderer CPU / frame',
              ],
              rows: [
                ...results.map((result, index) => row(`table, ${stepName} per frame, pass ${index + 1}`, result)),
                row(`table, ${WHEEL_STEP_PX} px per frame, first ${WHEEL_FRAMES} frames`, wheel),
                ...baseline.map((result, index) => row(`static page, pass ${index + 1}`, result)),
              ],
            },
          ],
          targets: [
            {
              name: `${rowsText} rows: dropped frames per pass (median of the ${stepName}-per-frame passes; worst of all passes)`,
              target: '0',
              actual:
                `${median(dropped)}; worst ${worst.dropped}` +
                (baseline.length > 0 ? ` (static page: ${median(baseline.map((result) => result.dropped))})` : ''),
              met: worst.dropped === 0,
            },
          ],
          notes: [
            first
              ? `Scrolled ${first.scroller}: ${fmtInt(first.scrollHeight)} px of content in a ${fmtInt(first.viewport)} px viewport; ` +
                `at most ${fmtInt(Math.max(...results.map((result) => result.maxRowsInDom)))} table rows were in the DOM at once.`
              : '',
            [...results, wheel].some((result) => !result.reachedEnd)
              ? `Some passes ran out of their ${PASS_TIMEOUT_MS / 1000} s before the end (a busy machine, or a slow table); ` +
                'their frames up to that point are counted.'
              : '',
            `The page's JS heap after a full garbage collection: ${fmtMb(heapLoaded)} once the rows were in, ` +
              `${fmtMb(heapScrolled)} after the passes (what scrolling through every row left behind).`,
            `Median frame gap over the table's passes: ${fmtMs(median(allGaps))}; over the static page's: ` +
              `${fmtMs(median(baseline.flatMap((result) => result.gaps)))}.`,
            "CPU / frame is the CPU time (user + system, from /proc) the page's renderer process used during the pass, " +
              'divided by its frames: its main thread (scripts, style, layout, paint) and all its threads (with the ' +
              "compositor and raster). It depends far less than dropped frames on the rest of the machine's load (other " +
              'processes still slow the shared cores and caches down a little), so it shows what a change to the table costs.',
          ].filter((note) => note !== ''),
          data: {
            table: results.map(summary),
            wheel: summary(wheel),
            baseline: baseline.map(summary),
            heapLoaded,
            heapScrolled,
          },
        };
      } finally {
        await server.stop();
      }
    },
  };
}

export const scroll = scrollBenchmark(SCALE_COURSE, 1, {
  id: 'scroll',
  aliases: ['3', 'scroll-10k'],
  title: 'Scrolling 10,000 rows (benchmark 3)',
});

export const scrollLarge = scrollBenchmark(LARGE_SCALE_COURSE, 5, {
  id: 'scroll-50k',
  aliases: ['3b', 'scroll-large'],
  title: 'Scrolling 50,000 rows (benchmark 3, at scale)',
});
