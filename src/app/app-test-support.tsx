import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createAppQueryClient } from './providers';
import { routes } from './router';

/** The `location` of `url` (its path and query), as the start-up code reads window.location. */
export function at(url: string): { pathname: string; search: string } {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname, search: parsed.search };
}

/** The signed-in app's routes at `url`, with the app's providers around them; returns the router to navigate. */
export function renderApp(url: string, queryClient = createAppQueryClient()) {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
