import type { QueryClient } from '@tanstack/react-query';
import { matchRoute, ROUTES, type AppRoute, type Prefetch } from '@/lib/routes';
import { prefetchCourseStatsRoute } from './course-stats-prefetch';
import { prefetchLabelGroupsRoute } from './label-groups-prefetch';

type Location = { pathname: string; search: string };

/** How each of the route list's prefetches is asked for: with the screen's own query options. */
const PREFETCHES: Record<Prefetch, (queryClient: QueryClient, location: Location) => Promise<void>> = {
  courseStatsRows: prefetchCourseStatsRoute,
  labelGroups: async (queryClient, location) => prefetchLabelGroupsRoute(queryClient, location),
};

/**
 * Asks for what the route list says the screen at `location` opens with (`AppRoute.prefetch`), if anything; resolves
 * once it is in the cache, or failed (the screen then shows the error, or asks again).
 */
export function prefetchRoute(queryClient: QueryClient, location: Location): Promise<void> {
  const match = matchRoute(location.pathname);
  const route: AppRoute | undefined = match ? ROUTES[match.name] : undefined;
  const prefetch = route?.prefetch;
  return prefetch ? PREFETCHES[prefetch](queryClient, location).catch(() => undefined) : Promise.resolve();
}
