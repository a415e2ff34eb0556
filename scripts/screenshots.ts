// Screenshots of the main screens in both themes, for the README: starts the built app with its demo API on a
// free local port, drives it in Chromium, writes PNGs under docs/screenshots/, and stops the server.
// Run `npm run build` first (npm run screenshots does).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';

const root = resolve(import.meta.dirname, '..');
const outDir = resolve(root, 'docs', 'screenshots');
const TOKEN = 'screenshot-demo-token';

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(base: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((wait) => setTimeout(wait, 200));
  }
  throw new Error('the server did not start within 30 s');
}

interface Shot {
  name: string;
  path: string;
  width?: number;
  height?: number;
  /** The browser's language, which the app follows; English when not given. */
  locale?: string;
  prepare?: (page: Page) => Promise<void>;
}

/**
 * Waits until every course row or card fully in the window shows its figures (none still "…", not read yet): the
 * overview reads the courses in view first, so the picture is the screen half a second in, not its first frame.
 */
async function figuresInView(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (rowSelector) => {
      const inView = [...document.querySelectorAll(rowSelector)].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      });
      return inView.length > 0 && inView.every((row) => !(row.textContent ?? '').includes('…'));
    },
    selector,
    { timeout: 30_000 },
  );
}

// A laptop's window (1366x768) and a phone's (375x740): the sizes the layout is made for.
const shots: Shot[] = [
  { name: 'sign-in', path: '/courses' },
  {
    name: 'courses',
    path: '/courses',
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Courses' }).getByRole('link').first().waitFor();
      await figuresInView(page, 'table tbody tr:not(.data-table-spacer)');
    },
  },
  {
    name: 'courses-mobile',
    path: '/courses',
    width: 375,
    height: 740,
    prepare: async (page) => {
      // A phone shows the courses as cards: a list named Courses, not a table.
      await page.getByRole('list', { name: 'Courses' }).getByRole('link').first().waitFor();
      await figuresInView(page, '.overview-card');
    },
  },
  {
    name: 'courses-russian',
    path: '/courses',
    locale: 'ru-RU',
    prepare: async (page) => {
      await page.getByRole('table', { name: 'Курсы' }).getByRole('link').first().waitFor();
      await figuresInView(page, 'table tbody tr:not(.data-table-spacer)');
    },
  },
  {
    name: 'courses-mobile-russian',
    path: '/courses',
    locale: 'ru-RU',
    width: 375,
    height: 740,
    prepare: async (page) => {
      await page.getByRole('list', { name: 'Курсы' }).getByRole('link').first().waitFor();
      await figuresInView(page, '.overview-card');
    },
  },
  {
    name: 'learner-search',
    path: '/courses?learner=10040',
    prepare: async (page) => {
      // The demo's shared learner: in course 101 and 65 others; the search asks all of them.
      await page.getByText(/^Checked ([\d,]+) of \1 courses/).waitFor({ timeout: 60_000 });
      await page.getByRole('region', { name: 'Learner 10040 across courses' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'course-stats',
    path: '/courses/101/stats',
    prepare: async (page) => {
      await page.getByRole('table').first().waitFor();
    },
  },
  {
    name: 'course-overview',
    path: '/courses/101/stats',
    prepare: async (page) => {
      await page.getByRole('tab', { name: 'Overview' }).click();
      await page.getByRole('region', { name: 'Overview' }).getByRole('img').first().waitFor();
    },
  },
  {
    name: 'whole-course',
    path: '/courses/1000/stats?all=1&quick=overdue&sort=progress.asc',
    prepare: async (page) => {
      await page
        .getByText(/10,000 rows/)
        .first()
        .waitFor({ timeout: 60_000 });
    },
  },
  {
    name: 'course-stats-russian',
    path: '/courses/104/stats?quick=not_passed',
    locale: 'ru-RU',
    prepare: async (page) => {
      await page.getByRole('table').first().waitFor();
    },
  },
  {
    name: 'label-groups',
    path: '/label-groups',
    prepare: async (page) => {
      await page.getByRole('tree', { name: 'Label groups' }).waitFor();
      await page.getByRole('button', { name: 'Expand all' }).click();
    },
  },
  {
    name: 'course-stats-mobile',
    path: '/courses/101/stats',
    width: 375,
    height: 740,
    prepare: async (page) => {
      await page.getByRole('list', { name: /^Statistics of course 101/ }).waitFor();
    },
  },
];

/**
 * The demo's learners include Chinese and Japanese names; without a font for them Chromium draws boxes, which the
 * README would show as if the app did. Says so (the pictures are still taken) when fontconfig knows no such font.
 */
function warnWithoutCjkFont(): void {
  let families: string;
  try {
    families = execFileSync('fc-list', [':lang=zh', 'family'], { encoding: 'utf8' }).trim();
  } catch {
    // no fontconfig to ask: say nothing
    return;
  }
  if (families === '') {
    console.warn(
      'No font for Chinese or Japanese is installed: those names will show as boxes. On Debian: apt-get install fonts-noto-cjk',
    );
  }
}

async function main(): Promise<void> {
  warnWithoutCjkFont();
  const dist = resolve(root, process.env.DIST_DIR ?? 'dist');
  if (!existsSync(resolve(dist, 'index.html'))) throw new Error(`${dist} has no build: run npm run build first`);
  mkdirSync(outDir, { recursive: true });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEMO_TOKEN: TOKEN, LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    await waitForHealth(base);
    // `tsx scripts/screenshots.ts courses-russian …` takes only the shots named.
    const named = process.argv.slice(2);
    const taken = named.length === 0 ? shots : shots.filter((shot) => named.includes(shot.name));
    if (taken.length < named.length)
      throw new Error(`no such shot among: ${shots.map((shot) => shot.name).join(', ')}`);
    for (const theme of ['light', 'dark'] as const) {
      for (const shot of taken) {
        const context = await browser.newContext({
          viewport: { width: shot.width ?? 1366, height: shot.height ?? 768 },
          colorScheme: theme,
          locale: shot.locale ?? 'en-US',
          timezoneId: 'Europe/Moscow',
          deviceScaleFactor: 1,
        });
        const page = await context.newPage();
        await page.goto(`${base}${shot.path}`);
        if (shot.name !== 'sign-in') {
          // The sign-in screen's one text field, whatever the language; the shell's navigation once signed in.
          await page.getByRole('textbox').first().fill(TOKEN);
          await page.keyboard.press('Enter');
          await page.getByRole('navigation').first().waitFor();
        } else {
          await page.getByText('Demo mode').waitFor();
        }
        await shot.prepare?.(page);
        await page.waitForTimeout(300);
        const file = resolve(outDir, `${shot.name}-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(`wrote ${file}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
