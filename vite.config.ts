import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Alias, type Plugin, type Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';
import { HOME, ROUTE_NAMES, ROUTES, screenFileOf } from './src/lib/routes';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const ALIASES: Alias[] = [
  { find: /^@contract$/, replacement: fromRoot('./contract/index.ts') },
  // One module of the contract by itself, for code that must not evaluate the rest (contract/endpoints.ts).
  { find: /^@contract\/(.+)$/, replacement: `${fromRoot('./contract')}/$1` },
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

/** The built chunks, for the index.html transform below. */
function chunksOf(bundle: Rolldown.OutputBundle | undefined): Rolldown.OutputChunk[] {
  return Object.values(bundle ?? {}).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}

/**
 * The most an inline script may weigh, gzipped: a few small modules, never the app. The page's first script is
 * 1.4 KB; built without minification, with its comments, 4.2 KB, which must pass too.
 */
const INLINE_SCRIPT_MAX_GZIP = 6_000;

/**
 * Builds `path` with what it imports into one classic script and writes it into index.html, ahead of the app's
 * scripts and styles, so the page runs it while its document is read: no file of its own to wait for, and no
 * style sheet either (a script after one waits for it). The `<meta name="screen-code">` elements it reads are
 * moved before it. Its imports are copies: what it shares with the app must live outside its modules (see
 * lib/fetch-ahead.ts). The server allows it by its hash (server/spa.ts).
 */
function inlineScript(path: string): Plugin {
  let minify: boolean | 'oxc' | 'terser' | 'esbuild' = 'oxc';
  return {
    name: 'inline-script',
    apply: 'build',
    configResolved(config) {
      minify = config.build.minify;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const built = await build({
          configFile: false,
          logLevel: 'warn',
          resolve: { alias: ALIASES },
          build: {
            write: false,
            target: 'es2022',
            minify,
            rolldownOptions: { input: fromRoot(path), output: { format: 'iife' } },
          },
        });
        const outputs = Array.isArray(built) ? built : [built];
        const chunks = outputs.flatMap((output) => ('output' in output ? output.output : []));
        const code = chunks.find((item) => item.type === 'chunk')?.code.trim();
        if (chunks.length !== 1 || code === undefined) throw new Error(`inline-script: ${path} is not one script`);
        const size = gzipSync(code).length;
        if (size > INLINE_SCRIPT_MAX_GZIP) throw new Error(`inline-script: ${path} is ${size} bytes gzipped`);
        if (/<\/script|<!--/i.test(code)) throw new Error(`inline-script: ${path} cannot be written into HTML`);
        const metas = html.match(/<meta name="screen-code"[^>]*>\s*/g) ?? [];
        const rest = metas.reduce((text, meta) => text.replace(meta, ''), html);
        const at = rest.search(/<script type="module"|<link rel="(stylesheet|modulepreload)"/);
        if (at < 0) throw new Error('inline-script: index.html names no script or style to go before');
        return `${rest.slice(0, at)}${metas.join('')}<script>${code}</script>\n    ${rest.slice(at)}`;
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
  screenOf: Map<string, string>;
  /** The modules several screens share, each with the names of the screens that import it. */
  shared: Map<string, readonly string[]>;
}

/**
 * The plan of screenChunks. A module goes to screen S when S's code imports it statically and every lazily
 * loaded part of the app that imports it is S itself or loaded from within S; then wherever it is needed, S
 * is there already. A module several screens import, and nothing else, goes to the shared chunk. Anything else
 * is left to the bundler.
 */
function planScreens(
  screens: Record<string, readonly string[]>,
  info: (id: string) => { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null,
  moduleIds: Iterable<string>,
): ScreenPlan {
  const importsOf = (id: string) => info(id)?.importedIds ?? [];
  const lazyRoots = new Set([...moduleIds].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []));
  const closureOf = new Map([...lazyRoots].map((root) => [root, staticClosure([root], importsOf)]));
  /** The lazy parts that import `id` statically. */
  const importers = (id: string) => [...closureOf].filter(([, modules]) => modules.has(id)).map(([root]) => root);
  const plan: ScreenPlan = { screenOf: new Map(), shared: new Map() };
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
    if (everyImporterInside) plan.shared.set(id, names);
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
 * - the app's entry chunk holds everything loaded at start-up (the sign-in screen among it);
 * - each screen is one chunk (see planScreens);
 * - what screens share is one small chunk beside them.
 * Parts loaded from within a screen (a view most visits never open) stay chunks of their own.
 * index.html then names each screen's files and routes in a `<meta name="screen-code">`, for screen-preload.ts.
 */
function screenChunks(screens: Record<string, Screen>, pairs: Record<string, readonly string[]> = {}): Plugin {
  const state: { plan: ScreenPlan; base: string } = { plan: { screenOf: new Map(), shared: new Map() }, base: '/' };
  /** The pair group that takes a shared module: the one whose screens are exactly those that share it. */
  const pairOf = (id: string) => {
    const names = state.plan.shared.get(id);
    if (!names) return undefined;
    return Object.keys(pairs).find(
      (pair) => pairs[pair]?.length === names.length && names.every((name) => pairs[pair]?.includes(name)),
    );
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
                // Named as the entry, these modules join its chunk rather than forming one it imports.
                { name: 'index', priority: 3, tags: ['$initial'] },
                // Exactly the modules planned, not what they import: that is at start-up, or planned too.
                {
                  name: 'shared',
                  priority: 2,
                  includeDependenciesRecursively: false,
                  test: (id: string) => state.plan.shared.has(id) && pairOf(id) === undefined,
                },
                ...Object.keys(pairs).map((name) => ({
                  name,
                  priority: 2,
                  includeDependenciesRecursively: false,
                  test: (id: string) => pairOf(id) === name,
                })),
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
      state.plan = planScreens(roots, info, this.getModuleIds());
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
    // Before the inline script, which moves the screens' files ahead of itself.
    screenChunks(
      {
        // The router and the shell, behind the sign-in: every signed-in address needs them.
        // With the request for a course's first rows (course-stats-prefetch.ts, which signed-in-app.tsx imports).
        'signed-in': { modules: ['./src/app/signed-in-app.tsx'], routes: ['*'] },
        // A chunk per route of the route list, its screen module (app/screens/) at its root. The course list, where
        // sign-in lands, is one apart from the statistics page: 25 KB gzip less to load there (no first-rows gain
        // measured on a local network: docs/perf-notes.md). The device screen's chunk also holds the sign-out
        // question, which the shell loads on a click of "Sign out".
        ...Object.fromEntries(
          ROUTE_NAMES.map((name) => [
            screenFileOf(name),
            {
              modules: [`./src/app/screens/${screenFileOf(name)}.tsx`],
              routes: name === HOME ? ['/', ROUTES[name].path] : [ROUTES[name].path],
            },
          ]),
        ),
      },
      // What only the two course screens share (the Course ID form, the course list's queries), so that the
      // label tree and the storage page do not load it.
      { 'course-shared': [screenFileOf('courses'), screenFileOf('courseStats')] },
    ),
    inlineScript('./src/app/screen-preload.ts'),
  ],
  resolve: { alias: ALIASES },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The whole app is small; inlining nothing keeps the CSP free of data: and inline sources.
    assetsInlineLimit: 0,
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
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
