import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { prefetchCourseStatsRoute } from './start-up/course-stats-prefetch';
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
 * rows it opens with (see prefetchCourseStatsRoute), both asked for at once; resolves once the code is in. The
 * request for the rows is made from here, not from the screen's larger chunk, so that it goes out while that chunk
 * is still on its way. (The label groups are asked for earlier still, from the entry: see
 * prefetchLabelGroupsRoute.)
 */
export function startSignedIn(queryClient: QueryClient, location: { pathname: string; search: string }) {
  void prefetchCourseStatsRoute(queryClient, location).catch(() => undefined); // the page asks again
  return preloadRoute(location.pathname);
}
