import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** A fresh client per test, retries off, so a test sees the first answer. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export interface RenderOptions {
  /** Initial URL, e.g. '/courses/1/stats?page=2'. */
  route?: string;
  /** Route pattern the element is mounted at, e.g. '/courses/:courseId/stats'. Defaults to '*'. */
  path?: string;
  extraRoutes?: RouteObject[];
  queryClient?: QueryClient;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const router = createMemoryRouter([{ path: options.path ?? '*', element: ui }, ...(options.extraRoutes ?? [])], {
    initialEntries: [options.route ?? '/'],
  });
  const result: RenderResult = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
