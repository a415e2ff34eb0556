import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders, createAppQueryClient } from './providers';
import { routes } from './router';

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
