/**
 * Bundle budget: what the first screen loads (the scripts, module preloads and styles index.html names) and
 * the whole app, gzip and brotli. Exits 1 when the first screen's JavaScript passes its gzip budget.
 * Run after `npm run build`; `--json` prints the figures for the benchmark report.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const FIRST_SCREEN_JS_BUDGET_GZIP = 150 * 1024;

const dist = resolve(import.meta.dirname, '..', 'dist');

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

function firstScreenAssets(): { js: string[]; css: string[] } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
  return {
    js: refs.filter((ref) => ref.endsWith('.js')).map((ref) => join(dist, ref)),
    css: refs.filter((ref) => ref.endsWith('.css')).map((ref) => join(dist, ref)),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const first = firstScreenAssets();
const all = listFiles(join(dist, 'assets'));
const report = {
  firstScreenJs: measure(first.js),
  firstScreenCss: measure(first.css),
  allJs: measure(all.filter((path) => path.endsWith('.js'))),
  allCss: measure(all.filter((path) => path.endsWith('.css'))),
  budgetGzip: FIRST_SCREEN_JS_BUDGET_GZIP,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report));
} else {
  for (const [name, sizes] of Object.entries(report)) {
    if (typeof sizes === 'number') continue;
    console.log(
      `${name.padEnd(15)} ${String(sizes.files).padStart(3)} files  raw ${kb(sizes.raw).padStart(9)}  gzip ${kb(sizes.gzip).padStart(9)}  brotli ${kb(sizes.brotli).padStart(9)}`,
    );
  }
}
if (report.firstScreenJs.gzip > FIRST_SCREEN_JS_BUDGET_GZIP) {
  console.error(
    `First-screen JavaScript is ${kb(report.firstScreenJs.gzip)} gzip, over the ${kb(FIRST_SCREEN_JS_BUDGET_GZIP)} budget.`,
  );
  process.exit(1);
}
