/**
 * Benchmark 6: gzip and brotli size of the JavaScript (and CSS) the first screen loads, and of the whole app.
 * The same method as scripts/bundle-size.ts (the CI check), applied to the suite's build in .bench/dist: the first
 * screen is what index.html names (scripts, module preloads, styles); the whole app is everything in assets/.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Benchmark } from './report';
import { BENCH_DIST, fmtKb } from './support';

/** scripts/bundle-size.ts FIRST_SCREEN_JS_BUDGET_GZIP; that script exits on import, so the figure is repeated. */
const FIRST_SCREEN_JS_BUDGET_GZIP = 150 * 1024;

interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

function measure(paths: string[]): Sizes {
  const sizes: Sizes = { files: paths.length, raw: 0, gzip: 0, brotli: 0 };
  for (const path of paths) {
    const bytes = readFileSync(path);
    sizes.raw += bytes.length;
    sizes.gzip += gzipSync(bytes, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return sizes;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function firstScreenAssets(dist: string): { js: string[]; css: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  return {
    js: refs.filter((ref) => ref.endsWith('.js')).map((ref) => join(dist, ref)),
    css: refs.filter((ref) => ref.endsWith('.css')).map((ref) => join(dist, ref)),
  };
}

export function measureBundle(dist: string = BENCH_DIST) {
  const first = firstScreenAssets(dist);
  const all = listFiles(join(dist, 'assets'));
  const lazyJs = all.filter((path) => path.endsWith('.js') && !first.js.includes(path));
  return {
    firstScreenJs: measure(first.js),
    firstScreenCss: measure(first.css),
    allJs: measure(all.filter((path) => path.endsWith('.js'))),
    allCss: measure(all.filter((path) => path.endsWith('.css'))),
    lazyChunks: lazyJs.map((path) => ({ file: basename(path), ...measure([path]) })),
  };
}

const sizeRow = (name: string, sizes: Sizes) => [name, String(sizes.files), fmtKb(sizes.raw), fmtKb(sizes.gzip), fmtKb(sizes.brotli)];

export const bundle: Benchmark = {
  id: 'bundle',
  aliases: ['6', 'size'],
  title: 'Bundle size (benchmark 6)',
  what:
    'Compressed size of the JavaScript the first screen loads (the scripts and module preloads index.html names) and ' +
    'of the whole app (every file in assets/, including chunks loaded later, such as the label groups screen).',
  needsBuild: true,
  timeoutMs: 2 * 60_000,
  async run() {
    const report = measureBundle();
    const firstGzip = report.firstScreenJs.gzip;
    return {
      status: 'measured',
      method:
        'A production build (`vite build`, into .bench/dist), each file compressed on its own with gzip level 9 and ' +
        'brotli quality 11, sizes summed; the same method as scripts/bundle-size.ts, which checks the budget in CI. Sizes ' +
        'are deterministic, so one run suffices. The server sends files uncompressed today (no compression plugin), so ' +
        'these figures are what a compressing proxy or CDN in front of it would send.',
      tables: [
        {
          headers: ['what', 'files', 'raw', 'gzip', 'brotli'],
          rows: [
            sizeRow('first screen JavaScript', report.firstScreenJs),
            sizeRow('first screen CSS', report.firstScreenCss),
            sizeRow('whole app JavaScript', report.allJs),
            sizeRow('whole app CSS', report.allCss),
            ...report.lazyChunks.map((chunk) => sizeRow(`lazy chunk ${chunk.file}`, chunk)),
          ],
        },
      ],
      targets: [
        {
          name: 'first screen JavaScript, gzip',
          target: `≤ ${fmtKb(FIRST_SCREEN_JS_BUDGET_GZIP)}`,
          actual: fmtKb(firstGzip),
          met: firstGzip <= FIRST_SCREEN_JS_BUDGET_GZIP,
        },
      ],
      notes: [],
      data: report,
    };
  },
};
