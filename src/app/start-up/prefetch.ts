import type { QueryClient } from '@tanstack/react-query';
import { matchRoute, ROUTES, type AppRoute, type Prefetch } from '@/lib/routes';
import { getToken } from '@/lib/token-store';
import { prefetchCourseStatsRoute } from './course-stats-prefetch';
import { prefetchLabelGroupsRoute } from './label-groups-prefetch';

/** How each of the route list's prefetches is asked for, given the address's parameters and query. */
const PREFETCHES: Record<
  Prefetch,
  (queryClient: QueryClient, params: Readonly<Record<string, string>>, query: string) => Promise<void>
> = {
  courseStatsRows: prefetchCourseStatsRoute,
  labelGroups: async (queryClient) => prefetchLabelGroupsRoute(queryClient),
};

/**
 * Signed in, asks for what the route list says the screen at `location` opens with (`AppRoute.prefetch`), if
 * anything; resolves once it is in the cache, or failed (the screen then shows the error, or asks again).
 */
export function prefetchRoute(queryClient: QueryClient, location: { pathname: string; search: string }): Promise<void> {
  const match = getToken() === null ? null : matchRoute(location.pathname);
  if (!match) return Promise.resolve();
  const route: AppRoute = ROUTES[match.name];
  const prefetch = route.prefetch;
  return prefetch
    ? PREFETCHES[prefetch](queryClient, match.params, location.search).catch(() => undefined)
    : Promise.resolve();
}
