// Bundle budget: what the first screen loads (the scripts, module preloads and styles index.html names) and
// the whole app, gzip and brotli. Run directly after `npm run build`, it exits 1 when the first screen's
// JavaScript passes its gzip budget; `--json` prints the figures. The benchmark suite imports measureBundle.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const FIRST_SCREEN_JS_BUDGET_GZIP = 140 * 1024;

export interface Sizes {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

/** The sizes of these files, and of `inline` code written into the page (counted as no file of its own). */
function measure(paths: string[], inline: readonly string[] = []): Sizes {
  const sizes: Sizes = { files: paths.length, raw: 0, gzip: 0, brotli: 0 };
  for (const bytes of [...paths.map((path) => readFileSync(path)), ...inline.map((code) => Buffer.from(code))]) {
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

function firstScreenAssets(dist: string): { js: string[]; css: string[]; inlineJs: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  return {
    // index.html's own first script (vite.config.ts, inlineScript).
    inlineJs: [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? ''),
    js: refs.filter((ref) => ref.endsWith('.js')).map((ref) => join(dist, ref)),
    css: refs.filter((ref) => ref.endsWith('.css')).map((ref) => join(dist, ref)),
  };
}

/**
 * The signed-in screens as index.html names them for its preload script (`<meta name="screen-code">`, written by
 * screenChunks in vite.config.ts): the routes of each, and the JavaScript files it loads beyond the first screen's.
 */
function screenAssets(dist: string): { routes: string; js: string[] }[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/<meta name="screen-code" data-routes="([^"]*)" content="([^"]*)"/g)].map((match) => ({
    routes: match[1] ?? '',
    js: (match[2] ?? '')
      .split(' ')
      .filter((ref) => ref.endsWith('.js'))
      .map((ref) => join(dist, ref)),
  }));
}

/** Sizes of a build folder: the first screen, each signed-in screen, the whole app, and each chunk loaded later. */
export function measureBundle(dist: string) {
  const first = firstScreenAssets(dist);
  const all = listFiles(join(dist, 'assets'));
  const screens = screenAssets(dist);
  // Every signed-in address loads the screens whose routes include `*` as well as its own.
  const everywhere = screens.filter((screen) => screen.routes.split(' ').includes('*')).flatMap((screen) => screen.js);
  return {
    firstScreenJs: measure(first.js, first.inlineJs),
    firstScreenCss: measure(first.css),
    /** The JavaScript a signed-in visit to each screen loads, the first screen's included. */
    signedInScreensJs: screens
      .filter((screen) => !screen.routes.split(' ').includes('*'))
      .map((screen) => ({
        routes: screen.routes,
        ...measure([...new Set([...first.js, ...everywhere, ...screen.js])], first.inlineJs),
      })),
    allJs: measure(all.filter((path) => path.endsWith('.js'))),
    allCss: measure(all.filter((path) => path.endsWith('.css'))),
    lazyChunks: all
      .filter((path) => path.endsWith('.js') && !first.js.includes(path))
      .map((path) => ({ file: basename(path), ...measure([path]) })),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const report = measureBundle(resolve(import.meta.dirname, '..', process.env.DIST_DIR ?? 'dist'));
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify({ ...report, budgetGzip: FIRST_SCREEN_JS_BUDGET_GZIP }));
  } else {
    const line = (name: string, sizes: Sizes) =>
      console.log(
        `${name.padEnd(15)} ${String(sizes.files).padStart(3)} files  raw ${kb(sizes.raw).padStart(9)}  gzip ${kb(sizes.gzip).padStart(9)}  brotli ${kb(sizes.brotli).padStart(9)}`,
      );
    for (const name of ['firstScreenJs', 'firstScreenCss', 'allJs', 'allCss'] as const) line(name, report[name]);
    for (const screen of report.signedInScreensJs) line(`signed in at ${screen.routes}`, screen);
  }
  if (report.firstScreenJs.gzip > FIRST_SCREEN_JS_BUDGET_GZIP) {
    console.error(
      `First-screen JavaScript is ${kb(report.firstScreenJs.gzip)} gzip, over the ${kb(FIRST_SCREEN_JS_BUDGET_GZIP)} budget.`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) main();
