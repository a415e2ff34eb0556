import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

// Debian's Chromium drives the tests and the screenshots; no browser is ever downloaded. Playwright's own build
// is used only where one happens to be installed already and no system Chromium exists.
const systemChromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium'].find(
  (path): path is string => typeof path === 'string' && path !== '' && existsSync(path),
);

/** How Chromium is started here: no sandbox (root, containers), and none of its calls home, which this network refuses. */
export const chromiumLaunchOptions: LaunchOptions = {
  ...(systemChromium ? { executablePath: systemChromium } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
