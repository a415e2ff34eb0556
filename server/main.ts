import { buildApp } from './app';
import { loadConfig } from './config';

const config = loadConfig(process.env);
const app = buildApp(config);
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
const host = config.host.includes(':') ? `[${config.host}]` : config.host;
console.log(`Course statistics dashboard: http://${host}:${port}`);
if (config.apiBaseUrl) console.log(`Proxying /endpoint/v1 to ${new URL(config.apiBaseUrl).host}`);
else console.log(`Demo mode. Access token: ${config.demoToken}`);

// Graceful shutdown: stop accepting, let in-flight requests finish (app.close waits for them), then exit 0.
// A second signal, or a request that outlives the grace period, ends the process at once.
const GRACE_MS = 35_000;
function shutDown(signal: string) {
  console.log(`${signal}: closing`);
  setTimeout(() => process.exit(1), GRACE_MS).unref();
  process.once('SIGTERM', () => process.exit(1));
  process.once('SIGINT', () => process.exit(1));
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
process.once('SIGTERM', shutDown);
process.once('SIGINT', shutDown);
