import { firstCallFor, sendAhead } from '@/lib/fetch-ahead';
import { firstRequestAt } from '@/lib/routes';
import { getToken } from '@/lib/token-store';

/**
 * Signed in, sends the request the screen at this address opens with, at once, where that can be known without the
 * app's code (the route list's `firstRequest`: the label tree, the first page of a course's statistics, the first
 * page of the course list). It goes out as the API client sends it, before the app's bundle (React, the schemas) has
 * run; the API client takes its answer when the page asks, if the page asks for exactly that (lib/fetch-ahead.ts).
 * Called by whichever script runs first, screen-preload.ts (written into index.html) or the app's entry (main.tsx,
 * where index.html carries no such script: the dev server): once a page, whichever copy of this module calls, so
 * the other call, even after the page took the answer, sends nothing.
 */
export function sendEarlyRequests(location: { pathname: string; search: string }): void {
  if (!firstCallFor(location)) return;
  const token = getToken();
  if (!token) return;
  const path = firstRequestAt(location);
  if (path !== null) sendAhead(path, token);
}
