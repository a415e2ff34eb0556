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
 * What an async entry may import, in gzipped bytes (so a build without minification passes too): a few small shared
 * modules, never the app.
 */
const ASYNC_ENTRY_IMPORTS_MAX_GZIP = 8_000;

/**
 * Builds `path` as an entry of its own, run by index.html as an async module script fetched at high priority: it
 * runs as soon as it has arrived, while the app's own, larger entry is still loading. What it shares with the app's
 * entry must be a small chunk of its own (checked), or it would wait for the app's code. (Vite would merge a
 * second module script written in index.html into the app's entry.)
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
        const chunks = chunksOf(context.bundle);
        const chunk = chunks.find((item) => item.isEntry && item.name === name);
        if (!chunk) throw new Error(`async-entry: no entry chunk ${name}`);
        // It may share a few small modules with the app's bundle (a chunk of their own, which the bundle imports
        // too), never the app's code: then it runs as soon as it is in, whatever the bundle's size.
        const imported = chunk.imports.map((file) => chunks.find((item) => item.fileName === file));
        const size = imported.reduce((sum, item) => sum + (item ? gzipSync(item.code).length : Infinity), 0);
        if (size > ASYNC_ENTRY_IMPORTS_MAX_GZIP) {
          throw new Error(`async-entry: ${name} imports ${size} bytes gzipped (${chunk.imports.join(', ')})`);
        }
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

/** Every module `roots` import statically, directly or not, themselves included. */
function staticClosure(roots: Iterable<string>, importsOf: (id: string) => readonly string[]): Set<string> {
  const found = new Set<string>();
  const stack = [...roots];
  for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    stack.push(...importsOf(id));
  }
  return found;
}

/** Which screen group, if any, takes each module, and which modules the screens share. */
interface ScreenPlan {
  separate: Set<string>;
  screenOf: Map<string, string>;
  shared: Set<string>;
}

/**
 * The plan of screenChunks. A module goes to screen S when S's code imports it statically and every lazily
 * loaded part of the app that imports it is S itself or loaded from within S; then wherever it is needed, S
 * is there already. A module several screens import, and nothing else, goes to the shared chunk. Anything else
 * is left to the bundler.
 */
function planScreens(
  separateRoots: readonly string[],
  screens: Record<string, readonly string[]>,
  info: (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null,
  moduleIds: Iterable<string>,
): ScreenPlan {
  const importsOf = (id: string) => info(id)?.importedIds ?? [];
  const lazyRoots = new Set([...moduleIds].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []));
  const closureOf = new Map([...lazyRoots].map((root) => [root, staticClosure([root], importsOf)]));
  /** The lazy parts that import `id` statically. */
  const importers = (id: string) => [...closureOf].filter(([, modules]) => modules.has(id)).map(([root]) => root);
  const plan: ScreenPlan = {
    separate: staticClosure(separateRoots, importsOf),
    screenOf: new Map(),
    shared: new Set(),
  };
  const within = new Map<string, Set<string>>();
  for (const [name, roots] of Object.entries(screens)) {
    // S and what loads from within it: the lazy parts its modules import, and theirs, and so on.
    const inside = new Set(roots);
    for (const root of inside) {
      for (const id of closureOf.get(root) ?? staticClosure([root], importsOf)) {
        for (const lazy of info(id)?.dynamicallyImportedIds ?? []) inside.add(lazy);
      }
    }
    within.set(name, inside);
  }
  const claims = new Map<string, string[]>();
  for (const [name, roots] of Object.entries(screens)) {
    const inside = within.get(name) ?? new Set();
    for (const id of staticClosure(roots, importsOf)) {
      if (importers(id).every((root) => inside.has(root))) plan.screenOf.set(id, name);
      claims.set(id, [...(claims.get(id) ?? []), name]);
    }
  }
  for (const [id, names] of claims) {
    if (names.length < 2) continue;
    plan.screenOf.delete(id);
    const everyImporterInside = importers(id).every((root) => names.some((name) => within.get(name)?.has(root)));
    if (everyImporterInside) plan.shared.add(id);
  }
  return plan;
}

interface Screen {
  /** The modules that make up the screen (its route component, what start-up loads for it). */
  modules: readonly string[];
  /** The router's paths the screen serves (router.tsx; `*` for every address), for screen-preload.ts. */
  routes: readonly string[];
}

/**
 * Cuts the lazily loaded code by screen. Left to itself, the bundler splits off whatever two lazy chunks share
 * into chunks of a few hundred bytes, and a phone pays a round trip for each. Instead:
 * - the app's entry chunk holds everything loaded at start-up (the sign-in screen among it), but for the modules
 *   of `asyncEntries`, which stay apart;
 * - each screen is one chunk (see planScreens);
 * - what screens share is one small chunk beside them.
 * Parts loaded from within a screen (a view most visits never open) stay chunks of their own.
 * index.html then names each screen's files and routes in a `<meta name="screen-code">`, for screen-preload.ts.
 */
function screenChunks(asyncEntries: readonly string[], screens: Record<string, Screen>): Plugin {
  const state: { plan: ScreenPlan; early: Set<string>; base: string } = {
    plan: { separate: new Set(), screenOf: new Map(), shared: new Set() },
    early: new Set(),
    base: '/',
  };
  return {
    name: 'screen-chunks',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // What an async entry shares with the app's entry (the API client's transport, the token store):
                // a chunk of its own, so the async entry runs without waiting for the app's.
                {
                  name: 'early',
                  priority: 4,
                  includeDependenciesRecursively: false,
                  test: (id: string) => state.early.has(id),
                },
                // Named as the entry, these modules join its chunk rather than forming one it imports.
                { name: 'index', priority: 3, tags: ['$initial'], test: (id: string) => !state.plan.separate.has(id) },
                // Exactly the modules planned, not what they import: that is at start-up, or planned too.
                {
                  name: 'shared',
                  priority: 2,
                  includeDependenciesRecursively: false,
                  test: (id: string) => state.plan.shared.has(id),
                },
                ...Object.keys(screens).map((name) => ({
                  name,
                  priority: 1,
                  includeDependenciesRecursively: false,
                  test: (id: string) => state.plan.screenOf.get(id) === name,
                })),
              ],
            },
          },
        },
      },
    }),
    configResolved(config) {
      state.base = config.base;
    },
    buildEnd() {
      const roots = Object.fromEntries(
        Object.entries(screens).map(([name, screen]) => [name, screen.modules.map(fromRoot)] as const),
      );
      const info = (id: string) => this.getModuleInfo(id);
      state.plan = planScreens(asyncEntries.map(fromRoot), roots, info, this.getModuleIds());
      // What the async entries share with the app's entry: a small chunk both import.
      const entryModules = staticClosure([fromRoot('./src/main.tsx')], (id) => info(id)?.importedIds ?? []);
      state.early = new Set([...state.plan.separate].filter((id) => entryModules.has(id)));
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = chunksOf(context.bundle);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
        return Object.entries(screens).map(([name, screen]) => {
          const chunk = chunks.find((item) => !item.isEntry && item.name === name);
          if (!chunk || !entry) throw new Error(`screen-chunks: no chunk for ${name}`);
          // The screen's chunk and the chunks it imports, less the entry's (loaded anyway), with their styles.
          const files = new Set<string>();
          const visit = (item: Rolldown.OutputChunk) => {
            if (item === entry || files.has(item.fileName)) return;
            files.add(item.fileName);
            for (const css of item.viteMetadata?.importedCss ?? []) files.add(css);
            for (const file of item.imports) {
              const imported = byFile.get(file);
              if (imported) visit(imported);
            }
          };
          visit(chunk);
          return {
            tag: 'meta',
            attrs: {
              name: 'screen-code',
              'data-routes': screen.routes.join(' '),
              content: [...files].map((file) => `${state.base}${file}`).join(' '),
            },
            injectTo: 'head',
          };
        });
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    precompress(),
    // Before the async entries: index.html names the screens' files ahead of the script that reads them.
    screenChunks(['./src/app/screen-preload.ts'], {
      // The router and the shell, behind the sign-in: every signed-in address needs them.
      // With the request for a course's first rows (course-stats-prefetch.ts, which signed-in-app.tsx imports).
      'signed-in': { modules: ['./src/app/signed-in-app.tsx'], routes: ['*'] },
      // One chunk for both course screens: the index's form is most of what the statistics page needs anyway.
      'course-stats': {
        modules: [
          './src/features/course-stats/routes/course-stats-page.tsx',
          './src/features/course-stats/routes/courses-index-page.tsx',
        ],
        routes: ['/', '/courses', '/courses/:courseId/stats'],
      },
      'label-groups': {
        modules: ['./src/features/label-groups/components/label-groups-page.tsx'],
        routes: ['/label-groups'],
      },
      // The storage page, and the sign-out question the shell loads on a click of "Sign out".
      device: {
        modules: [
          './src/features/course-stats/device/stored-on-device-page.tsx',
          './src/features/course-stats/device/sign-out-dialog.tsx',
        ],
        routes: ['/device'],
      },
    }),
    asyncEntry('screen-preload', './src/app/screen-preload.ts'),
  ],
  resolve: {
    alias: [
      { find: /^@contract$/, replacement: fromRoot('./contract/index.ts') },
      // One module of the contract by itself, for code that must not evaluate the rest (contract/endpoints.ts).
      { find: /^@contract\/(.+)$/, replacement: `${fromRoot('./contract')}/$1` },
      { find: '@', replacement: fromRoot('./src') },
    ],
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
