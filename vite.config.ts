import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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

/** The built chunks, for the index.html transform below. */
function chunksOf(bundle: Rolldown.OutputBundle | undefined): Rolldown.OutputChunk[] {
  return Object.values(bundle ?? {}).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}

/**
 * Builds `path` as an entry of its own, run by index.html as an async module script fetched at high priority: it
 * runs as soon as it has arrived, while the app's own, larger entry is still loading. It must share no module with
 * the app's entry (checked), or it would wait for it. (Vite would merge a second module script written in
 * index.html into the app's entry.)
 */
function asyncEntry(name: string, path: string): Plugin {
  let base = '/';
  return {
    name: 'async-entry',
    apply: 'build',
    config(config) {
      const input = config.build?.rolldownOptions?.input;
      const entries = typeof input === 'object' && !Array.isArray(input) ? input : { index: fromRoot('./index.html') };
      return { build: { rolldownOptions: { input: { ...entries, [name]: fromRoot(path) } } } };
    },
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunk = chunksOf(context.bundle).find((item) => item.isEntry && item.name === name);
        if (!chunk) throw new Error(`async-entry: no entry chunk ${name}`);
        if (chunk.imports.length > 0) throw new Error(`async-entry: ${name} imports ${chunk.imports.join(', ')}`);
        return [
          {
            tag: 'script',
            attrs: {
              type: 'module',
              async: true,
              fetchpriority: 'high',
              crossorigin: true,
              src: `${base}${chunk.fileName}`,
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), asyncEntry('intl-warmup', './src/lib/intl-warmup.ts')],
  resolve: {
    alias: {
      '@contract': fromRoot('./contract/index.ts'),
      '@': fromRoot('./src'),
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The whole app is small; inlining nothing keeps the CSP free of data: and inline sources.
    assetsInlineLimit: 0,
  },
  test: {
    restoreMocks: true,
    // jsdom page tests with user-event take seconds on a busy 2-core machine; 5 s was too tight there.
    testTimeout: 15_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
    ],
  },
});
