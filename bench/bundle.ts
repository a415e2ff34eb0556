// Benchmark 6: gzip and brotli size of the JavaScript (and CSS) the first screen loads, and of the whole app.
// The measurement of scripts/bundle-size.ts (the CI check), applied to the suite's build in .bench/dist: the first
// screen is what index.html names (scripts, module preloads, styles); the whole app is everything in assets/.

import { FIRST_SCREEN_JS_BUDGET_GZIP, measureBundle as measureBuild, type Sizes } from '../scripts/bundle-size';
import type { Benchmark } from './report';
import { BENCH_DIST, fmtKb } from './support';

export function measureBundle(dist: string = BENCH_DIST) {
  return measureBuild(dist);
}

const sizeRow = (name: string, sizes: Sizes) => [
  name,
  String(sizes.files),
  fmtKb(sizes.raw),
  fmtKb(sizes.gzip),
  fmtKb(sizes.brotli),
];

export const bundle: Benchmark = {
  id: 'bundle',
  aliases: ['6', 'size'],
  title: 'Bundle size (benchmark 6)',
  what:
    'Compressed size of the JavaScript the first screen loads (the scripts and module preloads index.html names), of ' +
    'what a signed-in visit to each screen loads, and of the whole app (every file in assets/, including chunks ' +
    'loaded later).',
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
        'are deterministic, so one run suffices. The build writes a .br and a .gz beside each file and the server sends ' +
        'the one Accept-Encoding asks for, so a browser receives about the brotli figure. The first screen is the sign-in ' +
        "screen, which is all a visit without a token loads; a signed-in visit loads its screen's chunks as well (the " +
        '"signed in at" rows: what index.html names for its preload script, the first screen included).',
      tables: [
        {
          headers: ['what', 'files', 'raw', 'gzip', 'brotli'],
          rows: [
            sizeRow('first screen JavaScript', report.firstScreenJs),
            sizeRow('first screen CSS', report.firstScreenCss),
            ...report.signedInScreensJs.map((screen) => sizeRow(`JavaScript signed in at ${screen.routes}`, screen)),
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
      notes: [
        'Before the screens were split, the first screen was one bundle with the table and chart code: ' +
          '144–147 KB gzip.',
      ],
      data: report,
    };
  },
};
