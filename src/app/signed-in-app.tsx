import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { prefetchRoute } from './start-up/prefetch';
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
 * A signed-in visit's start-up: the screen's code and the data the route list says it opens with (prefetchRoute), both
 * asked for at once; resolves once the code is in. The data is asked for from here, not from the screen's larger chunk,
 * so it goes out while that chunk is on its way.
 */
export function startSignedIn(queryClient: QueryClient, location: { pathname: string; search: string }) {
  void prefetchRoute(queryClient, location);
  return preloadRoute(location.pathname);
}
