import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { forgetSentAhead } from '@/lib/fetch-ahead';
import { server } from './msw';

// findBy* and waitFor give up after 1 s by default: on a loaded 2-core CI machine the first render of a screen
// (with its modules still being transformed) can take longer than that. They still return as soon as the
// condition holds; only a failing wait takes longer to report.
configure({ asyncUtilTimeout: 5_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.sessionStorage.clear();
  window.localStorage.clear();
  // A request sent ahead lives on the global object, which outlasts a test's modules.
  forgetSentAhead();
});

afterAll(() => server.close());
