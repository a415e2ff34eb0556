/**
 * The app's addresses, in one list. The router (app/router.tsx) makes a route of each, with the screen module
 * (app/screens/<name>.tsx) and title of the same name; the build (vite.config.ts) cuts each screen's code into a chunk
 * named for the page's first script (app/start-up/screen-preload.ts), which preloads it; at start-up the data a route
 * names in `prefetch` is asked for beside its code (app/start-up/prefetch.ts). Links are written with `pathTo`.
 *
 * Plain values and functions, no imports: vite.config.ts imports it as it is, and the first script carries a copy.
 */
/** The data a screen can have asked for at start-up, while its code is on its way (app/start-up/prefetch.ts). */
export type Prefetch = 'courseList' | 'courseStatsRows' | 'labelGroups';

export interface AppRoute {
  /** The pattern, as React Router reads it: `:name` is a parameter. */
  path: string;
  /** What the screen opens with, asked for at start-up; the screen's query then joins that request. */
  prefetch?: Prefetch;
}

export const ROUTES = {
  /** Where sign-in lands: the LMS's courses, the learner search and the course statistics' shortcuts. */
  courses: { path: '/courses', prefetch: 'courseList' },
  /** A course's statistics: a page of rows, the whole course, or one learner. */
  courseStats: { path: '/courses/:courseId/stats', prefetch: 'courseStatsRows' },
  /** The label groups as a tree. */
  labelGroups: { path: '/label-groups', prefetch: 'labelGroups' },
  /** What this browser keeps, and the ways to delete it. */
  device: { path: '/device' },
} as const satisfies Record<string, AppRoute>;

export type RouteName = keyof typeof ROUTES;

/** The names in the list's order. */
export const ROUTE_NAMES = Object.keys(ROUTES) as RouteName[];

/** Where `/` leads. */
export const HOME: RouteName = 'courses';

const partsOf = (path: string) => path.split('/').filter((part) => part !== '');

/** The parameters of `pathname` if it matches `path` (a trailing slash is the same address, `*` any), else null. */
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

/** The route `pathname` matches (`/` is HOME's) and its parameters; null for an address that is none of them. */
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
