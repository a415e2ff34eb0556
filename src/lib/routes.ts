import {
  COURSES_PATH,
  COURSES_PER_PAGE_MAX,
  courseStatsPath,
  LABEL_GROUPS_PATH,
  PER_PAGE_DEFAULT,
} from '../../contract/endpoints';

/**
 * The app's addresses, in one list. The router (app/router.tsx) makes a route of each, with the screen module of
 * the same name (app/screens/<name>.tsx) and the page title of the same name; the build (vite.config.ts) cuts each
 * screen's code into a chunk of its own and names its files for the page's first script (app/screen-preload.ts);
 * that script sends the screen's first request (`firstRequest`) before the app's bundle has run, and the app's
 * prefetches match addresses here too. Links are written with `pathTo`.
 *
 * Plain values and functions with relative imports only: vite.config.ts imports this module as it is, and the page's
 * first script carries a copy of it.
 */
export interface AppRoute {
  /** The pattern, as React Router reads it: `:name` is a parameter. */
  path: string;
  /**
   * The API path the screen opens with, where the address alone says what it is; null when it does not (the
   * screen then asks itself, once its code has read the address). Written as the API client writes it, so that the
   * client takes the answer sent ahead (lib/fetch-ahead.ts): a test holds the two together.
   */
  firstRequest?: (params: Readonly<Record<string, string>>, search: string) => string | null;
}

/** A course id as the statistics page takes it with no fixing: digits, no leading zero, JavaScript's exact integers. */
const PLAIN_COURSE_ID = /^[1-9]\d{0,14}$/;

export const ROUTES = {
  /** Where sign-in lands: the LMS's courses, whatever the query holds (the search and the sort are the page's). */
  courses: {
    path: '/courses',
    firstRequest: () => `${COURSES_PATH}?page=1&per_page=${COURSES_PER_PAGE_MAX}`,
  },
  /**
   * A course's statistics. With nothing in the query (as the course list links to them) it opens on page 1 at the
   * API's default page size; with anything there, the page reads it first (fallbacks, corrections) and asks itself.
   */
  courseStats: {
    path: '/courses/:courseId/stats',
    firstRequest: ({ courseId = '' }, search) =>
      search === '' && PLAIN_COURSE_ID.test(courseId)
        ? `${courseStatsPath(Number(courseId))}?page=1&per_page=${PER_PAGE_DEFAULT}`
        : null,
  },
  /** The label tree: megabytes of JSON for a large account, so most of its wait is its first request. */
  labelGroups: { path: '/label-groups', firstRequest: () => LABEL_GROUPS_PATH },
  /** What this browser keeps, and the ways to delete it. */
  device: { path: '/device' },
} as const satisfies Record<string, AppRoute>;

export type RouteName = keyof typeof ROUTES;

/** The names in the list's order. */
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** Where `/` leads. */
export const HOME: RouteName = 'courses';

const partsOf = (path: string) => path.split('/').filter((part) => part !== '');

/**
 * The parameters of `pathname` when it is an address of the pattern `path` (a trailing slash is the same address;
 * `*` takes any), else null.
 */
export function matchPath(path: string, pathname: string): Record<string, string> | null {
  if (path === '*') return {};
  const wanted = partsOf(path);
  const parts = partsOf(pathname);
  if (wanted.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const actual = parts[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = safeDecode(actual);
    else if (part !== actual) return null;
  }
  return params;
}

/**
 * The route of `pathname` and its parameters, as the router matches it (`/` is HOME's); null for an address that
 * is none of them.
 */
export function matchRoute(pathname: string): { name: RouteName; params: Record<string, string> } | null {
  if (partsOf(pathname).length === 0) return { name: HOME, params: {} };
  for (const name of ROUTE_NAMES) {
    const params = matchPath(ROUTES[name].path, pathname);
    if (params) return { name, params };
  }
  return null;
}

/** The file name of route `name`'s screen module (app/screens/) and of its chunk: `courseStats` is `course-stats`. */
export function screenFileOf(name: RouteName): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The address of route `name` with `params` filled in (encoded), and `query` after a `?` when it is not empty. */
export function pathTo(name: RouteName, params: Readonly<Record<string, string | number>> = {}, query = ''): string {
  const path = ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(String(params[key] ?? '')));
  return query === '' ? path : `${path}?${query}`;
}

/** The API path the screen at `location` opens with, when the address alone says it (see AppRoute.firstRequest). */
export function firstRequestAt(location: { pathname: string; search: string }): string | null {
  const match = matchRoute(location.pathname);
  if (!match) return null;
  const route: AppRoute = ROUTES[match.name];
  return route.firstRequest?.(match.params, location.search) ?? null;
}
