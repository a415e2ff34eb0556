import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from './msw';

// A file that runs without a DOM (`// @vitest-environment node`) uses neither the DOM matchers nor Testing Library:
// they are loaded only where there is a document (~0.25 s a file less for the others).
const dom = typeof document === 'undefined' ? undefined : await import('./setup-dom');

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));

afterEach(() => {
  dom?.cleanup();
  server.resetHandlers();
  if (dom) {
    window.sessionStorage.clear();
    window.localStorage.clear();
  }
});

afterAll(() => server.close());
