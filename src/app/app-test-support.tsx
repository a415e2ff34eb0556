import { render } from '@testing-library/react';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { inTestRouter } from '@/testing/render';
import { AppProviders, createAppQueryClient } from './providers';
import { AppRoutes } from './router';

/** The `location` of `url` (its path and query), as the start-up code reads window.location. */
export function at(url: string): { pathname: string; search: string } {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname, search: parsed.search };
}

/**
 * The app at `url` as App composes it (providers, the sign-in gate, then the route list in a declarative router),
 * with a memory router in place of the browser's; returns the router to navigate.
 */
export function renderApp(url: string, queryClient = createAppQueryClient()) {
  const { router, tree } = inTestRouter(url, <AppRoutes />);
  render(
    <AppProviders queryClient={queryClient}>
      <AuthGate>{tree}</AuthGate>
    </AppProviders>,
  );
  return router;
}
