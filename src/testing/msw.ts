import { CONFIG_PATH, type ServerConfig } from '@contract';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Our own server's answer unless a test says otherwise: the demo, with no rate limit to pace for. */
const DEMO_CONFIG: ServerConfig = { mode: 'demo', demoToken: 'demo-token', rateLimitMax: 0 };

/**
 * The network edge for unit tests. Its lifecycle (listen, reset after each test, close) is wired once in
 * src/testing/setup.ts for every web test, so a test file only adds handlers with server.use(...). The one
 * handler kept across resets is our server's configuration, which the paced readers ask for.
 */
export const server = setupServer(http.get(CONFIG_PATH, () => HttpResponse.json(DEMO_CONFIG)));
