import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { forgetSentAhead } from '@/lib/fetch-ahead';
import { server } from './msw';
import { TEST_NOW } from './test-clock';

// A file that runs without a DOM (`// @vitest-environment node`) uses neither the DOM matchers nor Testing Library:
// they are loaded only where there is a document (~0.25 s a file less for the others).
const dom = typeof document === 'undefined' ? undefined : await import('./setup-dom');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

// Every test runs on a clock set here, not on the machine's: a fixture's deadline or last activity keeps its
// meaning on any day the suite runs. Only Date is replaced, and it moves on with real time from TEST_NOW, so timers,
// promises and waits behave as usual. A test that needs its own clock installs it over this one.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW, shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  dom?.cleanup();
  server.resetHandlers();
  // A request sent ahead, and the first script's rows, live on the global object: each test starts with neither.
  forgetSentAhead();
  if (dom) {
    window.sessionStorage.clear();
    window.localStorage.clear();
  }
});

afterAll(() => server.close());
