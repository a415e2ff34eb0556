import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
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
 * rows it opens with (see prefetchCourseStatsRoute), both asked for at once.
 */
export function startSignedIn(queryClient: QueryClient, location: { pathname: string; search: string }) {
  const rows = import('./course-stats-prefetch')
    .then(({ prefetchCourseStatsRoute }) => prefetchCourseStatsRoute(queryClient, location))
    .catch(() => undefined); // the page asks again, and says what went wrong
  return Promise.all([preloadRoute(location.pathname), rows]).then(() => undefined);
}
