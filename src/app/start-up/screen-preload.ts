import { matchPath } from '@/lib/routes';
import { getToken } from '@/lib/token-store';

/**
 * The page's first script, written into index.html (inlineScript in vite.config.ts), so it runs as the document is
 * read: before the app's bundle, with no file of its own to wait for. Each signed-in screen's code is a chunk the app
 * loads once its bundle has run: on a phone a round trip and a download after the bundle's. For a signed-in visit this
 * starts loading the screen's code at once, beside the bundle, from the `<meta name="screen-code">` per screen (files
 * and routes, written by screenChunks) ahead of this script.
 *
 * Being inline, it carries copies of what it imports (the token store, the route list), never the app (vite.config.ts
 * checks the size). The server allows it by its hash (server/spa.ts).
 */

/** The files to preload for `pathname`, each once: those of every screen whose meta `data-routes` take it. */
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
