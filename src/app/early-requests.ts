import {
  COURSES_PATH,
  COURSES_PER_PAGE_MAX,
  courseStatsPath,
  LABEL_GROUPS_PATH,
  PER_PAGE_DEFAULT,
} from '@contract/endpoints';
import { firstCallFor, sendAhead } from '@/lib/fetch-ahead';
import { getToken } from '@/lib/token-store';

/**
 * The address of LabelGroupsPage (router.tsx: `label-groups`, which a trailing slash matches too). Matched by hand:
 * this runs before the router's code has loaded.
 */
export const LABEL_GROUPS_ADDRESS = /^\/label-groups\/?$/;

/**
 * Where sign-in lands, the course list (router.tsx: `courses`, and the root, which leads there). It opens with the
 * first page of the LMS's courses, whatever its query holds (the search and the sort are the page's own).
 */
const COURSES_ADDRESS = /^\/(courses\/?)?$/;

/**
 * A course's statistics with nothing in the query (as the course list links to them): the page opens on page 1 at the
 * API's default page size. With anything in the query, the page reads it first (fallbacks, corrections) and asks
 * itself. The id as the page takes it with no fixing: digits, no leading zero, within JavaScript's exact integers.
 */
const COURSE_STATS_ADDRESS = /^\/courses\/([1-9]\d{0,14})\/stats\/?$/;

/**
 * Signed in, sends the request the screen at this address opens with, at once, where that can be known without the
 * app's code: the label tree (megabytes of JSON for a large account, so most of the wait), the first page of a
 * course's statistics, and the first page of the course list. It goes out as the API client sends it, before the app's bundle (React, the schemas) has
 * run; the API client takes its answer when the page asks, if the page asks for exactly that (lib/fetch-ahead.ts).
 * Called by whichever script runs first, screen-preload.ts (written into index.html) or the app's entry (main.tsx,
 * where index.html carries no such script: the dev server): once a page, whichever copy of this module calls, so
 * the other call, even after the page took the answer, sends nothing.
 */
export function sendEarlyRequests(location: { pathname: string; search: string }): void {
  if (!firstCallFor(location)) return;
  const token = getToken();
  if (!token) return;
  const path = earlyPath(location);
  if (path !== null) sendAhead(path, token);
}

/** The API path the screen at this address opens with, when it is known from the address alone. */
function earlyPath({ pathname, search }: { pathname: string; search: string }): string | null {
  if (LABEL_GROUPS_ADDRESS.test(pathname)) return LABEL_GROUPS_PATH;
  // As fetchCourses writes it (api-client.ts), for the first page of coursesQueries.list().
  if (COURSES_ADDRESS.test(pathname)) return `${COURSES_PATH}?page=1&per_page=${COURSES_PER_PAGE_MAX}`;
  const courseId = search === '' ? COURSE_STATS_ADDRESS.exec(pathname)?.[1] : undefined;
  // As the API client writes it (api-client.ts), so that it takes this answer: a test holds the two together.
  return courseId === undefined ? null : `${courseStatsPath(Number(courseId))}?page=1&per_page=${PER_PAGE_DEFAULT}`;
}
