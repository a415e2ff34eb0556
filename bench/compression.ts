// Benchmark 11: what each compression setting costs and saves on the answers the server sends: the pages of
// course 1000 at per_page=100 and the 5,000-group label tree. In-process (node:zlib, as @fastify/compress calls
// it), so it measures the encoder alone; benchmark 1 measures what the browser gets.

import zlib from 'node:zlib';
import { syntheticLabelGroups } from '../fixtures/synthetic-label-groups';
import { COMPRESSION } from '../server/compression';
import { getDemoData } from '../server/demo-api/demo-data';
import type { Benchmark } from './report';
import { fmtKb, fmtMs, median } from './support';

interface Setting {
  name: string;
  compress: (input: Buffer) => Buffer;
}

const brotli = (quality: number): Setting => ({
  name: `brotli ${quality}`,
  compress: (input) => zlib.brotliCompressSync(input, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }),
});
const gzip = (level: number): Setting => ({
  name: `gzip ${level}`,
  compress: (input) => zlib.gzipSync(input, { level }),
});
const SETTINGS = [brotli(1), brotli(3), brotli(4), brotli(5), brotli(6), gzip(1), gzip(4), gzip(6), gzip(9)];
const REPEATS = 5;

/** The median over REPEATS passes of the time to compress every input once, and the bytes out. */
function measure(setting: Setting, inputs: Buffer[]): { ms: number; bytes: number } {
  for (const input of inputs.slice(0, 10)) setting.compress(input);
  const times: number[] = [];
  let bytes = 0;
  for (let repeat = 0; repeat < REPEATS; repeat += 1) {
    bytes = 0;
    const started = performance.now();
    for (const input of inputs) bytes += setting.compress(input).length;
    times.push(performance.now() - started);
  }
  return { ms: median(times), bytes };
}

export const compression: Benchmark = {
  id: 'compression',
  aliases: ['11', 'encodings'],
  title: 'Compression settings (benchmark 11)',
  what:
    'Time to compress and bytes out, per brotli quality and gzip level, for a page of 100 course statistics and for ' +
    'the 5,000-group label tree: the figures behind the settings in server/compression.ts.',
  needsBuild: false,
  timeoutMs: 5 * 60_000,
  async run() {
    const stats = getDemoData().courses.get(1000) ?? [];
    const pages: Buffer[] = [];
    for (let start = 0; start < stats.length; start += 100) {
      pages.push(Buffer.from(JSON.stringify(stats.slice(start, start + 100))));
    }
    const tree = Buffer.from(JSON.stringify(syntheticLabelGroups(5_000, 20)));
    const raw = pages.reduce((sum, page) => sum + page.length, 0);
    const rows = SETTINGS.map((setting) => {
      const page = measure(setting, pages);
      const whole = measure(setting, [tree]);
      console.log(`  ${setting.name}: ${fmtMs(page.ms / pages.length, 3)} a page, tree ${fmtMs(whole.ms, 0)}`);
      return [
        setting.name,
        fmtMs(page.ms / pages.length, 2),
        fmtKb(page.bytes / pages.length),
        `${Math.round((page.bytes / raw) * 100)}%`,
        fmtMs(whole.ms, 0),
        fmtKb(whole.bytes),
      ];
    });
    return {
      status: 'measured',
      method:
        `node:zlib's synchronous encoders in the suite's process (as @fastify/compress calls them for a body under ` +
        'its syncThreshold), on the 100 pages of course 1000 at per_page=100 as the demo API serializes them, and on ' +
        `the 5,000-group label tree of benchmark 7; each setting warmed up on 10 pages, then the median of ${REPEATS} ` +
        'passes over all inputs. One core of the shared machine; the figures compare settings with each other.',
      tables: [
        {
          headers: [
            'setting',
            'time per page',
            'bytes per page',
            'of identity',
            'label tree: time',
            'label tree: bytes',
          ],
          rows: [['identity', '0 ms', fmtKb(raw / pages.length), '100%', '0 ms', fmtKb(tree.length)], ...rows],
        },
      ],
      targets: [],
      headline: [`brotli ${COMPRESSION.brotliQuality}`, `gzip ${COMPRESSION.gzipLevel}`]
        .flatMap((name) => {
          const [, , bytes = '', share = '', , treeBytes = ''] = rows.find((row) => row[0] === name) ?? [];
          return bytes === '' ? [] : [`${name}: ${bytes} a page (${share} of identity), label tree ${treeBytes}`];
        })
        .join('; '),
      notes: [
        `The server uses brotli ${COMPRESSION.brotliQuality} when the client accepts it, else gzip ` +
          `${COMPRESSION.gzipLevel}, for answers of ${COMPRESSION.thresholdBytes} bytes and more; a page of the demo ` +
          'API is compressed once per encoding and kept beside the cached page, so these times are paid once per page ' +
          'there, and per answer through the proxy.',
        'No target of its own: benchmark 1 judges the outcome (throttled load-all with compression ≤ 0.5× without).',
      ],
      data: { raw, pages: pages.length, tree: tree.length },
    };
  },
};
