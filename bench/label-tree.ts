// Benchmark 7: the label groups tree with 5,000 groups of 20 labels, in Chromium against the built app. The real
// server runs in proxy mode in front of a tiny local upstream that serves syntheticLabelGroups(5000, 20).

import { createServer, type Server } from 'node:http';
import type { Page } from '@playwright/test';
import { syntheticLabelGroups } from '../fixtures/synthetic-label-groups';
import type { Benchmark } from './report';
import {
  fmtKb,
  fmtMs,
  freePort,
  HOST,
  launchChromium,
  listMs,
  median,
  newAppPage,
  onCleanup,
  startAppServer,
  type BenchWindow,
  type TimedResult,
} from './support';

const GROUPS = 5_000;
const LABELS_PER_GROUP = 20;
const DEFAULT_RUNS = 5;
const FILTER = '4999';
const STEP_TIMEOUT_MS = 30_000;

async function startUpstream(body: Buffer): Promise<{ url: string; stop: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.url?.startsWith('/endpoint/v1/label_groups')) {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      response.end(body);
    } else {
      response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
      response.end('{}');
    }
  });
  const port = await freePort();
  await new Promise<void>((resolveListen) => server.listen(port, HOST, resolveListen));
  const stop = onCleanup(
    () =>
      new Promise<void>((resolveClose) => {
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  );
  return { url: `http://${HOST}:${port}`, stop };
}

interface RunTimes {
  firstTreeitem: number;
  dataReceived: number;
  expandAll: number;
  collapseAll: number;
  filterPasted: number;
  filterTyped: number;
  rowsAfterExpand: string;
  filterStatus: string;
}

/** Watches for the first treeitem from the very start of the document. */
function watchFirstTreeitem(): void {
  const marks: { treeitem: number | null; painted: number | null } = { treeitem: null, painted: null };
  Object.assign(window, { __benchTree: marks });
  const observer = new MutationObserver(() => {
    if (marks.treeitem !== null || document.querySelector('[role="treeitem"]') === null) return;
    observer.disconnect();
    marks.treeitem = performance.now();
    requestAnimationFrame(() => {
      marks.painted = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

/** The tree's "N of M groups" status line. */
async function statusText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const status = [...document.querySelectorAll('[role="status"]')].find((element) =>
      / of [\d,]+ groups?$/.test(element.textContent?.trim() ?? ''),
    );
    return status?.textContent?.trim() ?? '';
  });
}

async function clickTimed(page: Page, buttonName: 'Expand all' | 'Collapse all'): Promise<TimedResult> {
  const result = await page.evaluate(
    ({ name, timeoutMs }) => {
      const bench = window as unknown as BenchWindow;
      const button = [...document.querySelectorAll('button')].find((element) => element.textContent?.trim() === name);
      if (!button) throw new Error(`no "${name}" button`);
      const want = name === 'Expand all' ? 'true' : 'false';
      const other = name === 'Expand all' ? 'false' : 'true';
      // Done when every group row in the DOM (virtualised: the rows in view) shows the new state.
      const done = () =>
        document.querySelector(`[role="treeitem"][aria-expanded="${want}"]`) !== null &&
        document.querySelector(`[role="treeitem"][aria-expanded="${other}"]`) === null;
      return bench.__benchTimeUntil(() => button.click(), done, timeoutMs);
    },
    { name: buttonName, timeoutMs: STEP_TIMEOUT_MS },
  );
  if (result.timedOut) throw new Error(`"${buttonName}" did not update the tree within ${STEP_TIMEOUT_MS} ms`);
  return result;
}

async function filterPasted(page: Page, value: string): Promise<TimedResult> {
  const before = await statusText(page);
  const result = await page.evaluate(
    ({ text, previous, timeoutMs }) => {
      const bench = window as unknown as BenchWindow;
      const label = [...document.querySelectorAll('label')].find(
        (element) => element.textContent?.trim() === 'Filter labels',
      );
      const input = label?.htmlFor ? document.getElementById(label.htmlFor) : null;
      if (!(input instanceof HTMLInputElement)) throw new Error('no "Filter labels" box');
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      // Done when the status line has left its old text and the tree no longer lags behind the box.
      const done = () => {
        const status = [...document.querySelectorAll('[role="status"]')].find((element) =>
          / of [\d,]+ groups?$/.test(element.textContent?.trim() ?? ''),
        );
        const now = status?.textContent?.trim() ?? previous;
        return now !== previous && document.querySelector('[role="tree"][aria-busy="true"]') === null;
      };
      return bench.__benchTimeUntil(
        () => {
          // What a paste does: one input event carrying the whole text.
          setValue?.call(input, text);
          input.dispatchEvent(new Event('input', { bubbles: true }));
        },
        done,
        timeoutMs,
      );
    },
    { text: value, previous: before, timeoutMs: STEP_TIMEOUT_MS },
  );
  if (result.timedOut)
    throw new Error(`the status line did not leave "${before}" within ${STEP_TIMEOUT_MS} ms of "${value}"`);
  return result;
}

/** Types the filter key by key; the time runs from the first keydown to the frame after the final status. */
async function filterTyped(page: Page, value: string): Promise<number> {
  const input = page.getByLabel('Filter labels');
  await input.focus();
  const before = await statusText(page);
  await page.evaluate(
    ({ previous, expected, timeoutMs }) => {
      const state: { firstKey: number | null; result: Promise<number> | null } = { firstKey: null, result: null };
      Object.assign(window, { __benchTyping: state });
      const input = document.activeElement;
      if (!(input instanceof HTMLInputElement)) throw new Error('the filter box is not focused');
      input.addEventListener(
        'keydown',
        () => {
          state.firstKey ??= performance.now();
        },
        { capture: true },
      );
      state.result = new Promise<number>((resolveTime, reject) => {
        const done = () => {
          const status = [...document.querySelectorAll('[role="status"]')].find((element) =>
            / of [\d,]+ groups?$/.test(element.textContent?.trim() ?? ''),
          );
          const now = status?.textContent?.trim() ?? previous;
          return (
            input.value === expected &&
            now !== previous &&
            document.querySelector('[role="tree"][aria-busy="true"]') === null
          );
        };
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`typing "${expected}" did not settle within ${timeoutMs} ms`));
        }, timeoutMs);
        const observer = new MutationObserver(() => {
          if (!done()) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolveTime(performance.now() - (state.firstKey ?? Number.NaN)));
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      });
    },
    { previous: before, expected: value, timeoutMs: STEP_TIMEOUT_MS },
  );
  await page.keyboard.type(value);
  return page.evaluate(() => {
    const typing = (window as unknown as { __benchTyping: { result: Promise<number> } }).__benchTyping;
    return typing.result;
  });
}

async function clearFilter(page: Page, total: string): Promise<void> {
  await page.getByLabel('Filter labels').fill('');
  await page.getByRole('status').filter({ hasText: total }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  await page.waitForFunction(() => document.querySelector('[role="tree"][aria-busy="true"]') === null);
}

async function oneRun(page: Page, appUrl: string): Promise<RunTimes> {
  await page.addInitScript(watchFirstTreeitem);
  await page.goto(`${appUrl}/label-groups`);
  await page.getByRole('treeitem').first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(() => {
    const marks = (window as unknown as { __benchTree: { painted: number | null } }).__benchTree;
    return marks.painted !== null;
  });
  const first = await page.evaluate(() => {
    const marks = (window as unknown as { __benchTree: { painted: number } }).__benchTree;
    const entry = performance
      .getEntriesByType('resource')
      .find((resource) => resource.name.includes('/endpoint/v1/label_groups')) as PerformanceResourceTiming | undefined;
    return { painted: marks.painted, dataReceived: entry?.responseEnd ?? Number.NaN };
  });
  const total = `${GROUPS.toLocaleString('en-US')} of ${GROUPS.toLocaleString('en-US')} groups`;
  await page.getByRole('status').filter({ hasText: total }).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  // Let the first render settle (idle callbacks, late effects) before timing the buttons.
  await page.waitForTimeout(500);

  await clickTimed(page, 'Collapse all');
  const expand = await clickTimed(page, 'Expand all');
  const rowsAfterExpand = await page.evaluate(() => {
    const tree = document.querySelector('[role="tree"]');
    const items = document.querySelectorAll('[role="treeitem"]');
    return `${items.length} treeitems in the DOM, tree height ${Math.round(tree?.getBoundingClientRect().height ?? 0)} px`;
  });
  const collapse = await clickTimed(page, 'Collapse all');

  const pasted = await filterPasted(page, FILTER);
  const filterStatus = await statusText(page);
  await clearFilter(page, total);
  const typed = await filterTyped(page, FILTER);
  await clearFilter(page, total);

  return {
    firstTreeitem: first.painted,
    dataReceived: first.dataReceived,
    expandAll: expand.ms,
    collapseAll: collapse.ms,
    filterPasted: pasted.ms,
    filterTyped: typed,
    rowsAfterExpand,
    filterStatus,
  };
}

export const labelTree: Benchmark = {
  id: 'label-tree',
  aliases: ['7', 'tree', 'label-groups'],
  title: 'Label tree with 5,000 groups of 20 labels (benchmark 7)',
  what:
    `The label groups screen with ${GROUPS.toLocaleString('en-US')} groups of ${LABELS_PER_GROUP} labels ` +
    `(${(GROUPS * LABELS_PER_GROUP).toLocaleString('en-US')} labels): time from navigation to the first tree item on ` +
    `screen, time for "Expand all" and "Collapse all" to show, and filter latency for "${FILTER}" until the "N of M ` +
    'groups" status has updated.',
  needsBuild: true,
  timeoutMs: 8 * 60_000,
  async run(context) {
    const runs = context.runs ?? DEFAULT_RUNS;
    const body = Buffer.from(JSON.stringify(syntheticLabelGroups(GROUPS, LABELS_PER_GROUP)));
    const upstream = await startUpstream(body);
    const samples: RunTimes[] = [];
    try {
      const server = await startAppServer('proxy server (label groups)', { API_BASE_URL: upstream.url });
      try {
        const browser = await launchChromium();
        try {
          // One untimed run first: starts Chromium's processes and warms the server and upstream.
          for (let run = 0; run <= runs; run += 1) {
            const page = await newAppPage(browser);
            try {
              const times = await oneRun(page, server.url);
              if (run > 0) {
                samples.push(times);
                console.log(
                  `  label tree run ${run}/${runs}: first item ${fmtMs(times.firstTreeitem, 0)}, expand ${fmtMs(times.expandAll, 0)}, ` +
                    `filter ${fmtMs(times.filterPasted, 0)} / typed ${fmtMs(times.filterTyped, 0)}`,
                );
              }
            } finally {
              await page.context().close();
            }
          }
        } finally {
          await browser.close();
        }
      } finally {
        await server.stop();
      }
    } finally {
      await upstream.stop();
    }

    const pick = (key: keyof RunTimes) => samples.map((sample) => Number(sample[key]));
    const row = (name: string, key: keyof RunTimes) => [name, fmtMs(median(pick(key)), 0), listMs(pick(key), 0)];
    const last = samples.at(-1);
    return {
      status: 'measured',
      method:
        `Playwright drives headless Chromium (1280×800) against the built app, served by \`tsx server/main.ts\` in ` +
        `proxy mode (RATE_LIMIT_MAX=0) in front of a node:http upstream in the suite's process answering ` +
        `/endpoint/v1/label_groups with syntheticLabelGroups(${GROUPS}, ${LABELS_PER_GROUP}) ` +
        `(${fmtKb(body.length)} of JSON, uncompressed). ${runs} runs after one untimed warm-up, each in a fresh ` +
        'browser context (empty cache, token in sessionStorage); medians. Times are performance.now() in the page: ' +
        'first item = from navigation start to the animation frame after the first role="treeitem" entered the DOM; ' +
        'buttons = from click() to the frame after every group row in the DOM shows the new aria-expanded (after an ' +
        'untimed "Collapse all"); filter pasted = one input event with the whole text to the frame after the status ' +
        `line changed and the tree is no longer aria-busy; filter typed = "${FILTER}" typed key by key, from the first ` +
        'keydown to the same point.',
      tables: [
        {
          headers: ['step', 'median', 'runs'],
          rows: [
            row('navigation → first tree item painted', 'firstTreeitem'),
            row('  of which: label groups response received', 'dataReceived'),
            row('"Expand all" → shown', 'expandAll'),
            row('"Collapse all" → shown', 'collapseAll'),
            row(`filter "${FILTER}" pasted → status updated`, 'filterPasted'),
            row(`filter "${FILTER}" typed → status updated`, 'filterTyped'),
          ],
        },
      ],
      targets: [],
      notes: [
        'The issue sets no numeric target for this benchmark; the figures are for tracking.',
        last ? `After "Expand all": ${last.rowsAfterExpand}. Status after the filter: "${last.filterStatus}".` : '',
        `The payload is ${fmtKb(body.length)}: ${Math.round((body.length / (10 * 1024 * 1024)) * 100)}% of the proxy's ` +
          'default UPSTREAM_MAX_BYTES (10 MB); a tree a little larger than this one would be refused by the proxy with a 502.',
      ].filter((note) => note !== ''),
      data: { runs: samples, payloadBytes: body.length },
    };
  },
};
