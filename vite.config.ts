import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Alias, Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { inlineScript, screenChunks } from './src/app/start-up/vite-plugins.ts';
import { HOME, ROUTE_NAMES, ROUTES, screenFileOf } from './src/lib/routes.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const VIRTUAL_TABLE = fromRoot('./src/components/data-table/virtual-data-table.tsx');

const ALIASES: Alias[] = [
  { find: /^@contract$/, replacement: fromRoot('./contract/index.ts') },
  { find: '@', replacement: fromRoot('./src') },
];

/**
 * Writes .br and .gz beside each text asset once, at build time, so the server sends compressed files without
 * compressing on every request (it picks them by Accept-Encoding).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|html|svg|txt|json)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    // Before the inline script, which moves the screens' files ahead of itself.
    screenChunks(
      {
        // The router and the shell, behind the sign-in: every signed-in address needs them.
        // With the start-up prefetches (start-up/prefetch.ts, which signed-in-app.tsx imports).
        'signed-in': { modules: [fromRoot('./src/app/signed-in-app.tsx')], routes: ['*'] },
        // A chunk per route of the route list, its screen module (app/screens/) at its root. The course list, where
        // sign-in lands, is one apart from the statistics page: 25 KB gzip less to load there (no first-rows gain
        // measured on a local network: docs/perf-notes.md). The device screen's chunk also holds the sign-out
        // question, which the shell loads on a click of "Sign out".
        ...Object.fromEntries(
          ROUTE_NAMES.map((name) => [
            screenFileOf(name),
            {
              modules: [fromRoot(`./src/app/screens/${screenFileOf(name)}.tsx`)],
              routes: name === HOME ? ['/', ROUTES[name].path] : [ROUTES[name].path],
            },
          ]),
        ),
      },
      // What only the two course screens share (the Course ID form, the course list's queries), so that the
      // label tree and the storage page do not load it.
      { 'course-shared': [screenFileOf('courses'), screenFileOf('courseStats')] },
    ),
    inlineScript(fromRoot('./src/app/start-up/screen-preload.ts'), ALIASES),
  ],
  resolve: { alias: ALIASES },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The whole app is small; inlining nothing keeps the CSP free of data: and inline sources.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // contract/ only declares schemas and the endpoint table: nothing in it runs for its effect. Saying so lets the
      // first screen, which imports the sign-in's schemas through the contract's index, leave out the table and the
      // item schemas (~6 KB) that only the signed-in screens use.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/contract/') },
      output: {
        // The statistics page loads the virtual table lazily, for whole-course mode; its chunk keeps the name it had
        // as a module of that feature, which the whole-course e2e spec waits for (the course list has it too).
        chunkFileNames: (chunk) =>
          chunk.moduleIds.includes(VIRTUAL_TABLE)
            ? 'assets/course-stats-virtual-table-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  test: {
    restoreMocks: true,
    unstubGlobals: true,
    // jsdom page tests with user-event take seconds on a busy 2-core machine; 5 s was too tight there.
    testTimeout: 15_000,
    // Vitest's default is one worker fewer than the cores: one worker on 2 cores, leaving a core idle (the suite
    // took ~335 s with one, ~180 s with two). A third on 2 cores gained nothing and slows the timing tests.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          // A worker thread starts faster than a child process: ~10% less time over the jsdom files.
          pool: 'threads',
          // One jsdom and one module graph per worker, not per file: the environment took ~1 s a file to set up
          // (~95 s of the suite). What a test leaves behind is undone after each one by the setup file (the DOM,
          // storage, the mock server's handlers) and by the options above (mocks, stubbed globals).
          isolate: false,
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/app/start-up/vite-plugins.test.ts'],
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Each file builds its own apps, servers and child processes: sharing a worker's modules between files
          // loads fastify, the demo data and the rest once per worker, not per file (62 s to 48 s for this project).
          isolate: false,
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
            'src/app/start-up/vite-plugins.test.ts',
          ],
        },
      },
    ],
  },
});
