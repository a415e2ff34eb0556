import { matchPath } from '@/lib/routes';
import { getToken } from '@/lib/token-store';

/**
 * The page's first script, written into index.html (inlineScript in vite.config.ts), so it runs as the document is
 * read: before the app's bundle, and without waiting for a file of its own. The code of each signed-in screen is a
 * chunk the app loads once its own bundle has run; on a phone that is a round trip and a download after the
 * bundle's. For a signed-in visit, this starts loading the code of the screen at the address right away, beside
 * the app's bundle: index.html names each screen's files and the addresses they serve, in a
 * `<meta name="screen-code">` per screen (written by screenChunks in vite.config.ts) ahead of this script.
 *
 * Being inline, it carries copies of what it imports (the token store, the route list): a few small modules, never
 * the app (vite.config.ts checks the size). The server allows it by its hash (server/spa.ts).
 */

/**
 * The files to preload for `pathname`: those of every screen whose routes take it, each file once, from the meta
 * elements' `data-routes` (space-separated) and `content`.
 */
export function filesFor(screens: ReadonlyArray<{ routes: string; files: string }>, pathname: string): string[] {
  const files = screens
    .filter(({ routes }) => routes.split(' ').some((route) => route !== '' && matchPath(route, pathname) !== null))
    .flatMap((screen) => screen.files.split(' '));
  return [...new Set(files)].filter((file) => file !== '');
}

function preload(file: string): void {
  const link = document.createElement('link');
  if (file.endsWith('.css')) {
    link.rel = 'preload';
    link.as = 'style';
  } else {
    link.rel = 'modulepreload';
  }
  // As the app's own loads ask for them (Vite's preload helper), so the browser uses what arrives here.
  link.crossOrigin = '';
  link.href = file;
  document.head.append(link);
}

if (typeof document !== 'undefined') {
  if (getToken() !== null) {
    const screens = [...document.querySelectorAll<HTMLMetaElement>('meta[name="screen-code"]')].map((meta) => ({
      routes: meta.dataset.routes ?? '',
      files: meta.content,
    }));
    for (const file of filesFor(screens, window.location.pathname)) preload(file);
  }
}
