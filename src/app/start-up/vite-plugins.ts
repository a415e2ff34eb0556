import { gzipSync } from 'node:zlib';
import { build, type Alias, type Plugin, type Rolldown } from 'vite';

// The build's half of start-up (README.md here): the page's first script, written into index.html, and one chunk per
// screen, named there for that script. Node code for vite.config.ts, type-checked with the server, tested in Node.

/**
 * The most an inline script may weigh, gzipped: the first script is 10.7 KB, most of it the words of the overview's
 * first screen in both languages (first-rows.ts), which it paints before the bundle has run.
 */
const INLINE_SCRIPT_MAX_GZIP = 12_000;

/**
 * Builds `path` and its imports into one classic script and writes it into index.html ahead of the app's scripts and
 * styles (a script after a style sheet waits for it), so the page runs it as its document is read. The `<meta
 * name="screen-code">` elements it reads move before it. Its imports are copies, sharing no state with the app's. The
 * server allows it by its hash (server/spa.ts).
 */
export function inlineScript(path: string, aliases: Alias[]): Plugin {
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
          resolve: { alias: aliases },
          build: {
            write: false,
            target: 'es2022',
            minify,
            rolldownOptions: { input: path, output: { format: 'iife' } },
          },
        });
        const outputs = Array.isArray(built) ? built : [built];
        const chunks = outputs.flatMap((output) => ('output' in output ? output.output : []));
        const code = chunks.find((item) => item.type === 'chunk')?.code.trim();
        if (chunks.length !== 1 || code === undefined) throw new Error(`inline-script: ${path} is not one script`);
        const size = gzipSync(code).length;
        if (size > INLINE_SCRIPT_MAX_GZIP) throw new Error(`inline-script: ${path} is ${size} bytes gzipped`);
        if (/<\/script|<!--/i.test(code)) throw new Error(`inline-script: ${path} cannot be written into HTML`);
        // The app's entry is preloaded, and started by the first script (app-entry, screen-preload.ts): where it paints
        // the first rows, after them.
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
        if (entry === null) throw new Error('inline-script: index.html names no entry module');
        const withEntry = html.replace(
          entry[0],
          `<meta name="app-entry" content="${entry[1]}">\n    <link rel="modulepreload" crossorigin href="${entry[1]}">`,
        );
        const metas = withEntry.match(/<meta name="(screen-code|app-entry)"[^>]*>\s*/g) ?? [];
        const rest = metas.reduce((text, meta) => text.replace(meta, ''), withEntry);
        const at = rest.search(/<link rel="(stylesheet|modulepreload)"/);
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
export interface ScreenPlan {
  screenOf: Map<string, string>;
  /** The modules several screens share, each with the names of the screens that import it. */
  shared: Map<string, readonly string[]>;
}

/**
 * The plan of screenChunks. A module goes to screen S when S imports it statically and every lazily loaded part that
 * imports it is S or loaded from within S: wherever it is needed, S is there already. What several screens import, and
 * nothing else, is shared; the rest is the bundler's.
 */
export function planScreens(
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
  const claims = new Map<string, string[]>();
  for (const [name, roots] of Object.entries(screens)) {
    // S and what loads from within it: the lazy parts its modules import, and theirs, and so on.
    const inside = new Set(roots);
    for (const root of inside) {
      for (const id of closureOf.get(root) ?? staticClosure([root], importsOf)) {
        for (const lazy of info(id)?.dynamicallyImportedIds ?? []) inside.add(lazy);
      }
    }
    within.set(name, inside);
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

export interface Screen {
  /** The modules that make up the screen (its route component, what start-up loads for it), as absolute paths. */
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
export function screenChunks(screens: Record<string, Screen>, pairs: Record<string, readonly string[]> = {}): Plugin {
  const state: { plan: ScreenPlan; base: string } = { plan: { screenOf: new Map(), shared: new Map() }, base: '/' };
  /** The pair group that takes a shared module: the one whose screens are exactly those that share it. */
  const pairOf = (id: string) => {
    const names = state.plan.shared.get(id);
    if (!names) return undefined;
    return Object.keys(pairs).find(
      (pair) => pairs[pair]?.length === names.length && names.every((name) => pairs[pair]?.includes(name)),
    );
  };
  /** A group of exactly the modules planned, not what they import: that is at start-up, or planned too. */
  const planned = (name: string, priority: number, test: (id: string) => boolean) => ({
    name,
    priority,
    includeDependenciesRecursively: false,
    test,
  });
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
                planned('shared', 2, (id) => state.plan.shared.has(id) && pairOf(id) === undefined),
                ...Object.keys(pairs).map((name) => planned(name, 2, (id) => pairOf(id) === name)),
                ...Object.keys(screens).map((name) => planned(name, 1, (id) => state.plan.screenOf.get(id) === name)),
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
        Object.entries(screens).map(([name, screen]) => [name, screen.modules] as const),
      );
      const info = (id: string) => this.getModuleInfo(id);
      state.plan = planScreens(roots, info, this.getModuleIds());
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter(
          (item): item is Rolldown.OutputChunk => item.type === 'chunk',
        );
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
