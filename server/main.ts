import { buildApp } from './app';
import { loadConfig } from './config';
import { Lifecycle } from './ops/readiness';
import { trackUnusedConnections } from './ops/unused-connections';

const config = loadConfig(process.env);
const lifecycle = new Lifecycle();
const app = buildApp(config, { lifecycle });
const connections = trackUnusedConnections(app.server);
await app.listen({ port: config.port, host: config.host });

const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
const host = config.host.includes(':') ? `[${config.host}]` : config.host;
console.log(`Course statistics dashboard: http://${host}:${port}`);
if (config.apiBaseUrl) console.log(`Proxying /endpoint/v1 to ${new URL(config.apiBaseUrl).host}`);
else {
  console.log(`Demo mode. Access token: ${config.demoToken}`);
  console.log(`Demo API keys: Client ID ${config.demoClientId}, Client secret ${config.demoClientSecret}`);
}

// Graceful shutdown: /readyz turns 503 at once; after SHUTDOWN_DELAY_MS (time for a load balancer to notice,
// while still serving) stop accepting, let in-flight requests finish (app.close waits for them), then exit 0.
// Connections not serving a request (none sent yet, or its headers still incomplete) are closed: app.close would
// wait for them too, up to the headers timeout.
// A second signal, or a request still running GRACE_MS after the listener closed, ends the process with 1.
const GRACE_MS = 10_000;
function shutDown(signal: string) {
  console.log(`${signal}: not ready; closing in ${config.shutdownDelayMs ?? 0} ms`);
  lifecycle.drain();
  process.once('SIGTERM', () => process.exit(1));
  process.once('SIGINT', () => process.exit(1));
  setTimeout(() => {
    setTimeout(() => {
      console.error(`Requests still in flight ${GRACE_MS / 1000} s after closing: exiting without them`);
      process.exit(1);
    }, GRACE_MS).unref();
    const closing = app.close();
    // Until the listener is closed, a connection may still arrive; then each check finds nothing.
    setInterval(() => connections.closeUnused(), 100).unref();
    connections.closeUnused();
    closing.then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  }, config.shutdownDelayMs ?? 0);
}
process.once('SIGTERM', shutDown);
process.once('SIGINT', shutDown);
