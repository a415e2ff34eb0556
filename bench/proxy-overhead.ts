// Benchmark 5: what the proxy adds to the latency of a course statistics request, against calling its upstream
// directly. autocannon reports whole milliseconds, too coarse for a sub-millisecond target, so this times
// sequential keep-alive requests itself with process.hrtime.bigint().

import http from 'node:http';
import type { Benchmark } from './report';
import { BENCH_TOKEN, fmtMs, median, percentile, startAppServer } from './support';

const DEFAULT_ROUNDS = 5;
const PER_ROUND = 400;
const WARM_UP = 200;
const TARGET_ADDED_P50_MS = 1;
const STATS_PATH = '/endpoint/v1/courses/101/course_stats';

/** One GET on a keep-alive agent; resolves with the time to the last byte of the body, in ms. */
function timedGet(agent: http.Agent, url: URL, headers: Record<string, string>): Promise<number> {
  return new Promise((resolveTime, reject) => {
    const start = process.hrtime.bigint();
    const request = http.get(url, { agent, headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => {
        const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
        if (response.statusCode !== 200 || bytes === 0) {
          reject(new Error(`GET ${url.pathname}${url.search}: status ${response.statusCode}, ${bytes} bytes`));
        } else {
          resolveTime(elapsed);
        }
      });
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

interface Side {
  name: 'direct' | 'proxy';
  url: URL;
  headers: Record<string, string>;
  agent: http.Agent;
  samples: number[];
  roundP50s: number[];
}

async function measureSize(directBase: string, proxyBase: string, perPage: number, rounds: number) {
  const query = `page=1&per_page=${perPage}`;
  // Direct: the request the proxy itself makes upstream (token as access_token). Through the proxy: what the
  // browser sends (token as a Bearer header).
  const sides: Side[] = [
    {
      name: 'direct',
      url: new URL(`${directBase}${STATS_PATH}?${query}&access_token=${BENCH_TOKEN}`),
      headers: { accept: 'application/json' },
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      samples: [],
      roundP50s: [],
    },
    {
      name: 'proxy',
      url: new URL(`${proxyBase}${STATS_PATH}?${query}`),
      headers: { accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` },
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      samples: [],
      roundP50s: [],
    },
  ];
  try {
    for (const side of sides) {
      for (let i = 0; i < WARM_UP; i += 1) await timedGet(side.agent, side.url, side.headers);
    }
    const addedP50s: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      // Alternate which side goes first in each round.
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) {
        const times: number[] = [];
        for (let i = 0; i < PER_ROUND; i += 1) times.push(await timedGet(side.agent, side.url, side.headers));
        side.samples.push(...times);
        side.roundP50s.push(median(times));
      }
      const [direct, proxy] = sides;
      if (direct && proxy) addedP50s.push((proxy.roundP50s.at(-1) ?? NaN) - (direct.roundP50s.at(-1) ?? NaN));
    }
    const [direct, proxy] = sides as [Side, Side];
    return {
      perPage,
      direct: {
        p50: percentile(direct.samples, 50),
        p99: percentile(direct.samples, 99),
        count: direct.samples.length,
      },
      proxy: { p50: percentile(proxy.samples, 50), p99: percentile(proxy.samples, 99), count: proxy.samples.length },
      addedP50: median(addedP50s),
      addedP50Rounds: addedP50s,
      addedP99: percentile(proxy.samples, 99) - percentile(direct.samples, 99),
    };
  } finally {
    for (const side of sides) side.agent.destroy();
  }
}

export const proxyOverhead: Benchmark = {
  id: 'proxy',
  aliases: ['5', 'proxy-overhead'],
  title: 'Proxy overhead (benchmark 5)',
  what:
    'Latency of a course statistics request (course 101, page 1) through the server in proxy mode, next to the same ' +
    'request sent straight to the upstream the proxy forwards to; the difference is what the proxy adds.',
  needsBuild: false,
  timeoutMs: 4 * 60_000,
  async run(context) {
    const rounds = context.runs ?? DEFAULT_ROUNDS;
    // The upstream is our own server in demo mode; the proxy is the same server with API_BASE_URL pointing at it.
    const upstream = await startAppServer('upstream (demo server)');
    try {
      const proxy = await startAppServer('proxy server', { API_BASE_URL: upstream.url, RATE_LIMIT_MAX: '0' });
      try {
        const sizes = [];
        for (const perPage of [10, 100]) {
          const result = await measureSize(upstream.url, proxy.url, perPage, rounds);
          console.log(
            `  proxy per_page=${perPage}: direct p50 ${fmtMs(result.direct.p50, 3)}, proxy p50 ${fmtMs(result.proxy.p50, 3)}, ` +
              `added ${fmtMs(result.addedP50, 3)}`,
          );
          sizes.push(result);
        }
        const headline = sizes[0];
        if (!headline) throw new Error('no measurement');
        return {
          status: 'measured',
          method:
            `One client in the suite's process sends sequential GETs over one keep-alive connection per side (node:http ` +
            `Agent, maxSockets 1) and times each to the last byte of the body with process.hrtime.bigint(). Per page ` +
            `size: ${WARM_UP} warm-up requests per side, then ${rounds} rounds of ${PER_ROUND} requests per side, ` +
            `alternating which side goes first: ${rounds * PER_ROUND} timed requests per side. p50 and p99 are over all ` +
            'timed requests of a side; "added at p50" is the median over the rounds of (proxy p50 − direct p50) within ' +
            'the round. Direct requests carry the token as access_token, as the proxy sends it upstream; requests to ' +
            'the proxy carry it as a Bearer header, as the browser does. Upstream: `node --import tsx server/main.ts` in demo mode; ' +
            'proxy: the same server with API_BASE_URL set to it and RATE_LIMIT_MAX=0; both LOG_LEVEL=warn.',
          tables: [
            {
              headers: [
                'per_page',
                'direct p50',
                'proxy p50',
                'added at p50',
                'direct p99',
                'proxy p99',
                'added at p99',
              ],
              rows: sizes.map((size) => [
                String(size.perPage),
                fmtMs(size.direct.p50, 3),
                fmtMs(size.proxy.p50, 3),
                fmtMs(size.addedP50, 3),
                fmtMs(size.direct.p99, 3),
                fmtMs(size.proxy.p99, 3),
                fmtMs(size.addedP99, 3),
              ]),
            },
          ],
          targets: sizes.map((size) => ({
            name: `added latency at p50, per_page=${size.perPage}`,
            target: `< ${TARGET_ADDED_P50_MS} ms`,
            actual: fmtMs(size.addedP50, 3),
            met: size.addedP50 < TARGET_ADDED_P50_MS,
          })),
          notes: [
            "per_page=10 is the app's default page; per_page=100 is the largest page and what whole-course loading uses.",
            'The proxy buffers each upstream answer (up to UPSTREAM_MAX_BYTES) before sending it on, so its cost grows ' +
              'a little with the body size.',
          ],
          data: sizes,
        };
      } finally {
        await proxy.stop();
      }
    } finally {
      await upstream.stop();
    }
  },
};
