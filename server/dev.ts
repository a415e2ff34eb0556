import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { buildApp } from './app';
import { loadConfig } from './config';

// `npm run dev`: the API server (demo API or proxy, no static files) on PORT+1 (8081 by default) and Vite with
// hot reload on PORT (5173 by default), proxying /endpoint and /api to it. Same API, same origin as production.
// Vite's dev server injects inline scripts, so the production CSP applies to the API answers only here.

const config = loadConfig(process.env);
const portSet = process.env.PORT !== undefined && process.env.PORT !== '';
const vitePort = portSet ? config.port : 5173;
const apiPort = portSet ? config.port + 1 : 8081;

const app = buildApp({ ...config, distDir: null });
await app.listen({ port: apiPort, host: '127.0.0.1' });
const apiTarget = `http://127.0.0.1:${apiPort}`;

const vite = await createServer({
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  root: fileURLToPath(new URL('..', import.meta.url)),
  server: {
    host: config.host,
    port: vitePort,
    strictPort: true,
    proxy: {
      '/endpoint/': apiTarget,
      '/api/': apiTarget,
    },
  },
});
await vite.listen();

console.log(`API server (${config.apiBaseUrl ? 'proxy' : 'demo'}): ${apiTarget}`);
vite.printUrls();
if (!config.apiBaseUrl) console.log(`Demo mode. Access token: ${config.demoToken}`);

async function shutDown() {
  await Promise.allSettled([vite.close(), app.close()]);
  process.exit(0);
}
process.once('SIGTERM', shutDown);
process.once('SIGINT', shutDown);
