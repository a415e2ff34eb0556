import { LABEL_GROUPS_PATH } from '@contract/paths';
import { sendAhead } from '@/lib/api-transport';
import { getToken } from '@/lib/token-store';

/**
 * The address of LabelGroupsPage (router.tsx: `label-groups`, which a trailing slash matches too). Matched by hand:
 * this runs before the router's code has loaded.
 */
export const LABEL_GROUPS_ADDRESS = /^\/label-groups\/?$/;

/** The pages (their Location) already handled: both scripts pass window.location. */
const handled = new WeakSet<object>();

/**
 * Signed in on the label groups address, sends the screen's request at once: a large account's tree is megabytes of
 * JSON, so its request is most of the wait. It goes out through the API client's transport, before the app's bundle
 * (React, the schemas) has run; the API client takes its answer when the page asks (sendAhead). Called by whichever
 * script runs first, screen-preload.ts or the bundle's first module (start-early.ts): once a page, so the other call,
 * even after the page took the answer, sends nothing.
 */
export function sendEarlyRequests(location: { pathname: string }): void {
  if (handled.has(location)) return;
  handled.add(location);
  const token = getToken();
  if (!token || !LABEL_GROUPS_ADDRESS.test(location.pathname)) return;
  sendAhead(LABEL_GROUPS_PATH, token);
}
