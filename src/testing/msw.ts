import { setupServer } from 'msw/node';

/**
 * The network edge for unit tests. Its lifecycle (listen, reset after each test, close) is wired once in
 * src/testing/setup.ts for every web test, so a test file only adds handlers with server.use(...).
 */
export const server = setupServer();
