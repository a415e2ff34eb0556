import { defineConfig, devices } from '@playwright/test';
import { chromiumLaunchOptions } from './scripts/chromium';
import {
  E2E_DEMO_CLIENT_ID,
  E2E_DEMO_CLIENT_SECRET,
  E2E_DEMO_TOKEN,
  E2E_PORT,
  PROXY_PORT,
  UPSTREAM_PORT,
} from './e2e/support';

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test's own limit, on a 2-core machine that may run a second suite beside this one.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: true,
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Off unless asked for (E2E_TRACE=1): recording a trace of every test doubles the time of the heavy ones,
    // which on a loaded 2-core machine is what made them fail.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions,
  },
  projects: [{ name: 'chromium' }],
  webServer: [
    {
      // The built app (npm run build runs first) served by the real server with its demo API.
      command: 'node --import tsx server/main.ts',
      url: `http://127.0.0.1:${E2E_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(E2E_PORT),
        HOST: '127.0.0.1',
        DEMO_TOKEN: E2E_DEMO_TOKEN,
        DEMO_CLIENT_ID: E2E_DEMO_CLIENT_ID,
        DEMO_CLIENT_SECRET: E2E_DEMO_CLIENT_SECRET,
        // The label tree specs check how the client nests groups: that needs the demo's opt-in parent ids.
        DEMO_NESTED_LABEL_GROUPS: '1',
        RATE_LIMIT_MAX: '0',
        LOG_LEVEL: 'warn',
      },
    },
    {
      // A scripted stand-in for a real LMS, for the fault-injection specs.
      command: 'node --import tsx e2e/scripted-upstream.ts',
      url: `http://127.0.0.1:${UPSTREAM_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { UPSTREAM_PORT: String(UPSTREAM_PORT) },
    },
    {
      // The same server in proxy mode, in front of the scripted upstream.
      command: 'node --import tsx server/main.ts',
      url: `http://127.0.0.1:${PROXY_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PROXY_PORT),
        HOST: '127.0.0.1',
        API_BASE_URL: `http://127.0.0.1:${UPSTREAM_PORT}`,
        RATE_LIMIT_MAX: '0',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
