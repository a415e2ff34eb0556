import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { prefetchCourseStatsRoute } from './course-stats-prefetch';
import { prefetchLabelGroupsRoute } from './label-groups-prefetch';
import { AppRoutes, preloadRoute } from './router';

/** Everything behind the sign-in: the router and its screens. */
export function SignedInApp() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * A signed-in visit's start-up: the code of the screen at this address and, on a course statistics address, the
 * rows it opens with (see prefetchCourseStatsRoute), both asked for at once; on the label groups address, the
 * groups (see prefetchLabelGroupsRoute), not waited for. A screen's data is asked for from here, not from the
 * screen's larger chunk, so that the request goes out while that chunk is still on its way.
 */
export function startSignedIn(queryClient: QueryClient, location: { pathname: string; search: string }) {
  prefetchLabelGroupsRoute(queryClient, location);
  const rows = prefetchCourseStatsRoute(queryClient, location).catch(() => undefined); // the page asks again
  return Promise.all([preloadRoute(location.pathname), rows]).then(() => undefined);
}
