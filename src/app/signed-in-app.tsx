import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { firstRows } from '@/lib/fetch-ahead';
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
export function startSignedIn(queryClient: QueryClient, location: { pathname: string; search: string }): Promise<void> {
  const data = prefetchRoute(queryClient, location);
  const code = preloadRoute(location.pathname);
  // Rows the page's first script painted (start-up/first-rows.ts) stay until the first render replaces them: with
  // the same rows, from the same answer, which the list's query takes (lib/fetch-ahead.ts) and has soon.
  return firstRows() === 'painted' ? Promise.all([code, data]).then(() => undefined) : code;
}
