import { matchPath } from '@/lib/routes';
import { getToken } from '@/lib/token-store';
import { FIRST_ROWS_WAIT_MS, startFirstRows, whenRead } from './first-rows';

/**
 * The page's first script, written into index.html (inlineScript in vite.config.ts), so it runs as the document is
 * read: before the app's bundle, with no file of its own to wait for. It starts the app: the build turns the entry's
 * module script into a preload and a `<meta name="app-entry">`, and this adds the script. Each signed-in screen's code
 * is a chunk the app loads once its bundle has run: on a phone a round trip and a download after the bundle's. For a
 * signed-in visit this starts loading the screen's code at once, beside the bundle, from the `<meta
 * name="screen-code">` per screen (files and routes, written by screenChunks) ahead of this script. On the account
 * overview it paints the first rows before the app (first-rows.ts), and starts the app after them.
 *
 * Being inline, it carries copies of what it imports (the token store, the route list, the overview's words and
 * sizes), never the app (vite.config.ts checks the size). The server allows it by its hash (server/spa.ts).
 */

/** The files to preload for `pathname`, each once: those of every screen whose meta `data-routes` take it. */
export function filesFor(screens: ReadonlyArray<{ routes: string; files: string }>, pathname: string): string[] {
  const files = screens
    .filter(({ routes }) => routes.split(' ').some((route) => route !== '' && matchPath(route, pathname) !== null))
    .flatMap((screen) => screen.files.split(' '));
  return [...new Set(files)].filter((file) => file !== '');
}

/** A link that loads a file now: a style sheet applied at once (`sheet`), for rows painted before the app, or preloaded. */
function linkTo(file: string, sheet: boolean): HTMLLinkElement {
  const link = document.createElement('link');
  if (file.endsWith('.css') && sheet) {
    link.rel = 'stylesheet';
  } else if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  // As the app's own loads ask for them (Vite's preload helper), so the browser uses what arrives here.
  link.crossOrigin = '';
  link.href = file;
  return link;
}

/** The app's entry, as the build names it in `<meta name="app-entry">` (vite-plugins.ts). */
function appEntry(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="app-entry"]')?.content;
}

/**
 * Calls `then` once the app's entry has arrived (its preload, in the page's resource timing), at once where that
 * cannot be watched.
 */
function whenEntryArrives(then: () => void): void {
  const entry = appEntry();
  if (entry === undefined || typeof PerformanceObserver === 'undefined') {
    then();
    return;
  }
  const url = new URL(entry, window.location.href).href;
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((timing) => timing.name === url)) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'resource', buffered: true });
}

/**
 * Starts the app: its entry, which the build names in `<meta name="app-entry">` and preloads (vite-plugins.ts), as the
 * module script index.html would otherwise hold. Once only; after the document has been read, as a module script in
 * the page would run.
 */
function appStarter(): () => void {
  const entry = appEntry();
  let started = false;
  return () => {
    if (started || entry === undefined) return;
    started = true;
    whenRead(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.head.append(script);
    });
  };
}

/** The longest the app's start waits for the rows in any case (the list's request has no timeout of its own). */
const FIRST_ROWS_LONGEST_MS = 5_000;

/** The longest the app waits for the frame after the rows: a page in a background tab draws no frames. */
const FRAME_WAIT_MS = 100;

/**
 * Calls `then` once, in a task after the next frame, or after FRAME_WAIT_MS if no frame comes: the app's evaluation, a
 * long task, would otherwise hold back the frame that shows the rows.
 */
function afterNextFrame(then: () => void): void {
  let called = false;
  const once = () => {
    if (called) return;
    called = true;
    then();
  };
  requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, FRAME_WAIT_MS);
}

if (typeof document !== 'undefined') {
  const startApp = appStarter();
  let painting = false;
  let preloadCode = () => undefined as unknown;
  try {
    const token = getToken();
    if (token !== null) {
      const rows = startFirstRows(window.location, token, () =>
        afterNextFrame(() => {
          preloadCode();
          startApp();
        }),
      );
      painting = rows !== null;
      // The app waits for the rows, but not much longer than it would have waited for its own code; and should that
      // never be seen to arrive, not past FIRST_ROWS_LONGEST_MS.
      if (rows !== null) {
        whenEntryArrives(() => setTimeout(rows.giveUp, FIRST_ROWS_WAIT_MS));
        setTimeout(rows.giveUp, FIRST_ROWS_LONGEST_MS);
      }
      const screens = [...document.querySelectorAll<HTMLMetaElement>('meta[name="screen-code"]')].map((meta) => ({
        routes: meta.dataset.routes ?? '',
        files: meta.content,
      }));
      const files = filesFor(screens, window.location.pathname);
      const sheets = files.filter((file) => file.endsWith('.css'));
      const code = files.filter((file) => !file.endsWith('.css'));
      // Rows to paint wait for the screen's style sheets, and the screen's code for them: compiling it on the page's
      // main thread would come between the answer and its rows.
      document.head.append(...sheets.map((file) => linkTo(file, painting)));
      if (painting) preloadCode = () => document.head.append(...code.map((file) => linkTo(file, false)));
      else document.head.append(...code.map((file) => linkTo(file, false)));
    }
  } finally {
    // Whatever happened above, the app starts: now, or once the rows are painted or given up.
    if (!painting) startApp();
  }
}
