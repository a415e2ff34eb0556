// The floor for the API throughput benchmark: a bare node:http server answering every request with one fixed
// response (the headers and body our demo API sent for the same request). Started by bench/api-throughput.ts.

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.env.FLOOR_PORT);
const body = readFileSync(process.env.FLOOR_BODY_FILE ?? '');
const headers = JSON.parse(process.env.FLOOR_HEADERS ?? '{}') as Record<string, string>;
headers['content-length'] = String(body.length);

const server = createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
// The same keep-alive timeout as Fastify's default, so neither side drops idle connections earlier.
server.keepAliveTimeout = 72_000;
server.listen(port, '127.0.0.1');

process.once('SIGTERM', () => server.close(() => process.exit(0)));
