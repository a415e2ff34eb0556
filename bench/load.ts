// Load test: 50 concurrent connections for 30 s on one page of 100 course statistics, first against the demo API,
// then through the proxy in front of a local upstream that serves the same bytes. Everything listens on 127.0.0.1.
// Prints the figures and writes them to docs/perf-notes.md under "## Load", between its <!-- bench:load --> markers,
// and to the row of this command in BENCHMARKS.md (the rest of both files is left alone).
//
//   node_modules/.bin/tsx bench/load.ts                     # the real run, about 80 s
//   LOAD_DURATION_S=5 node_modules/.bin/tsx bench/load.ts   # a quick look; writes nothing
//
// Not part of `npm test`: its figures depend on the machine.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { currentCommit, updatePerfNotesSection, updateBenchmarksTable, type RowCells } from './report';

const ROOT = resolve(import.meta.dirname, '..');
const HOST = '127.0.0.1';
const TOKEN = 'load-test-token';
const PATH = '/endpoint/v1/courses/1000/course_stats?per_page=100';
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 30);
const WARM_UP_S = 3;
const WRITE_REPORT = DURATION_S === 30;

/** The part of autocannon's result read here (autocannon ships no types). */
interface Histogram {
  average: number;
  mean: number;
  stddev: number;
  min: number;
  max: number;
  p50: number;
  p90: number;
  p99: number;
  total: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  throughput: Histogram;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  duration: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  timeout: number;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const children = new Set<ChildProcess>();
function killAll() {
  for (const child of children) {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}
process.once('SIGINT', () => {
  killAll();
  process.exit(130);
});

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer().listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`${url} did not come up in 30 s`);
    await sleep(100);
  }
}

/** A child process in its own group, stdout discarded (the server logs each request at the default level). */
function start(
  command: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess & { exitCode: number | null } {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  children.add(child);
  return child;
}

async function stop(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(10_000).then(() => 'timeout' as const)]);
  if (code === 'timeout') {
    killAll();
    throw new Error('a server did not stop within 10 s of SIGTERM');
  }
  children.delete(child);
  return code;
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = start(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    PORT: String(port),
    HOST,
    DEMO_TOKEN: TOKEN,
    API_BASE_URL: '',
    // The API only: no app build needed (app routes would answer 503).
    DIST_DIR: join(ROOT, '.load-test-no-dist'),
    ...env,
  });
  const url = `http://${HOST}:${port}`;
  await waitForHealth(`${url}/healthz`);
  return { url, child };
}

/** A bare node:http server answering every request with the same bytes, as a fast, well-behaved upstream would. */
const UPSTREAM_SOURCE = `
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
const body = readFileSync(process.env.BODY_FILE);
createServer((request, response) => {
  request.resume();
  if (request.url === '/healthz') return response.writeHead(200).end('ok');
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  response.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function startUpstream(body: Buffer) {
  const dir = mkdtempSync(join(os.tmpdir(), 'load-upstream-'));
  const bodyFile = join(dir, 'body.json');
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const child = start(process.execPath, ['--input-type=module', '-e', UPSTREAM_SOURCE], {
    PORT: String(port),
    BODY_FILE: bodyFile,
  });
  const url = `http://${HOST}:${port}`;
  await waitForHealth(`${url}/healthz`);
  return { url, child, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function fetchBody(url: string): Promise<Buffer> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer());
}

interface Figures {
  target: string;
  requests: number;
  perSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  megabytesPerSecond: number;
}

async function load(target: string, url: string): Promise<Figures> {
  const headers = { authorization: `Bearer ${TOKEN}` };
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_S, headers, timeout: 10 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers, timeout: 10 });
  const figures: Figures = {
    target,
    requests: result.requests.total,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    megabytesPerSecond: result.throughput.average / 2 ** 20,
  };
  console.log(
    `${target}: ${figures.requests} requests, ${figures.perSecond.toFixed(0)} req/s, latency p50 ${figures.p50} ms, ` +
      `p90 ${figures.p90} ms, p99 ${figures.p99} ms, max ${figures.max} ms; errors ${figures.errors}, ` +
      `timeouts ${figures.timeouts}, non-2xx ${figures.non2xx}; ${figures.megabytesPerSecond.toFixed(1)} MB/s`,
  );
  return figures;
}

function machine(): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  return (
    `${os.availableParallelism()} CPUs (nproc; ${model}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB memory, ` +
    `Node ${process.version}, ${os.type()} ${os.release()}`
  );
}

function section(
  figures: Figures[],
  bodyBytes: number,
  stopCodes: Array<number | null>,
  loadBefore: number[],
  commit: string,
): string {
  const row = (f: Figures) =>
    `| ${f.target} | ${f.requests.toLocaleString('en')} | ${f.perSecond.toFixed(0)} | ${f.p50} | ${f.p90} | **${f.p99}** | ${f.max} | ` +
    `${f.errors} | ${f.timeouts} | ${f.non2xx} | ${f.megabytesPerSecond.toFixed(1)} |`;
  const clean = figures.every((f) => f.errors === 0 && f.timeouts === 0 && f.non2xx === 0);
  return [
    '## Load',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${commit} with \`node_modules/.bin/tsx bench/load.ts\` on ${machine()}; ` +
      `load average ${loadBefore.map((value) => value.toFixed(1)).join(' / ')} (1 / 5 / 15 min) just before the run ` +
      '(other work on the machine shares the CPUs with the benchmark).',
    '',
    '| target | requests | req/s (mean) | p50 ms | p90 ms | p99 ms | max ms | errors | timeouts | non-2xx | MB/s |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.map(row),
    '',
    `${clean ? 'Zero errors, timeouts and non-2xx answers in both runs.' : '**Some requests failed: see the table.**'} ` +
      `Both servers stopped on SIGTERM with exit code${stopCodes.length > 1 ? 's' : ''} ${stopCodes.join(' and ')}.`,
    '',
    'Method:',
    '',
    `- autocannon 9 in the benchmark's own process, ${CONNECTIONS} connections, ${WARM_UP_S} s warm-up (not counted), then ` +
      `${DURATION_S} s measured, 10 s request timeout; \`GET ${PATH}\` with \`Authorization: Bearer <token>\`, ` +
      `one page of 100 statistics, ${bodyBytes.toLocaleString('en')} bytes of JSON.`,
    '- **demo API**: `server/main.ts` in demo mode as a child process on 127.0.0.1 (as `npm run serve` starts it, ' +
      '`LOG_LEVEL=info`, so every request is logged; stdout discarded). The demo API is not rate limited.',
    '- **proxy**: the same server with `API_BASE_URL` pointing at a bare `node:http` upstream (another child process on ' +
      '127.0.0.1) that answers every request with the bytes the demo API sent for this page, and `RATE_LIMIT_MAX=0`; ' +
      "so the figures are the proxy's own cost plus one local hop. The bytes through the proxy were checked equal " +
      "to the demo API's before the run.",
    `- The load generator, the server and the upstream share the machine's ${os.availableParallelism()} CPUs, so these ` +
      'are figures for this machine, not limits of the server.',
    '',
  ].join('\n');
}

/** The command that runs this benchmark: the key of its row in BENCHMARKS.md. */
const COMMAND = '`node_modules/.bin/tsx bench/load.ts`';

/** This benchmark's row in BENCHMARKS.md: p99 and req/s of each target, and whether every request succeeded. */
function row(figures: Figures[], stopCodes: Array<number | null>, commit: string): RowCells {
  const failures = figures.reduce((sum, f) => sum + f.errors + f.timeouts + f.non2xx, 0);
  const stopped = stopCodes.every((code) => code === 0);
  return {
    targets: ['no errors, timeouts or non-2xx answers, and both servers exit 0 on SIGTERM'],
    figure:
      figures.map((f) => `${f.target}: p99 ${f.p99} ms, ${f.perSecond.toFixed(0)} req/s`).join('; ') +
      `; ${failures} errors, timeouts or non-2xx; exit codes ${stopCodes.join(' and ')}`,
    measured: `${commit}, ${new Date().toISOString().slice(0, 10)}`,
    verdict: failures === 0 && stopped ? 'met' : '**not met**',
  };
}

/**
 * Writes the "## Load" section of docs/perf-notes.md between its markers (the file's convention: each benchmark
 * rewrites only its own marked section), or appends it, and this command's row in BENCHMARKS.md; everything else in
 * both files is left alone.
 */
function writeReport(text: string, cells: RowCells): void {
  const file = updatePerfNotesSection('load', text);
  console.log(`Wrote the "## Load" section of ${file}`);
  const missing = updateBenchmarksTable([{ command: COMMAND, cells }]);
  if (missing.length > 0) console.log(`BENCHMARKS.md has no row for ${COMMAND}: add one by hand.`);
  else console.log('Updated its row in BENCHMARKS.md');
}

async function main() {
  const figures: Figures[] = [];
  const stopCodes: Array<number | null> = [];
  const loadBefore = os.loadavg();
  const commit = currentCommit();

  const demo = await startServer({});
  const body = await fetchBody(`${demo.url}${PATH}`);
  const rows = JSON.parse(body.toString('utf8')) as unknown[];
  if (rows.length !== 100) throw new Error(`expected 100 rows, got ${rows.length}`);
  figures.push(await load('demo API', `${demo.url}${PATH}`));
  stopCodes.push(await stop(demo.child));

  const upstream = await startUpstream(body);
  const proxy = await startServer({ API_BASE_URL: upstream.url, RATE_LIMIT_MAX: '0' });
  const proxied = await fetchBody(`${proxy.url}${PATH}`);
  if (!proxied.equals(body)) throw new Error('the proxy did not pass the upstream bytes through unchanged');
  figures.push(await load('proxy -> local upstream', `${proxy.url}${PATH}`));
  stopCodes.push(await stop(proxy.child));
  await stop(upstream.child);
  upstream.remove();

  const text = section(figures, body.length, stopCodes, loadBefore, commit);
  const cells = row(figures, stopCodes, commit);
  if (WRITE_REPORT) writeReport(text, cells);
  else {
    console.log(`\n(LOAD_DURATION_S=${DURATION_S}: not writing docs/perf-notes.md or BENCHMARKS.md)\n\n${text}`);
    console.log(`${COMMAND}: ${cells.figure} | ${cells.measured} | ${cells.verdict}`);
  }
  const failed =
    figures.some((f) => f.errors > 0 || f.timeouts > 0 || f.non2xx > 0) || stopCodes.some((code) => code !== 0);
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  killAll();
  process.exit(1);
});
