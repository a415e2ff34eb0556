import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import {
  MemoryRouter,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
  type Location,
  type NavigateFunction,
  NavigationType,
} from 'react-router';

/** A fresh client per test, retries off, so a test sees the first answer. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/**
 * The router a test drives: where it is, and a way to go elsewhere, as a user's link or Back would. The app uses a
 * declarative router (BrowserRouter), so the tests do too (MemoryRouter); this is its handle.
 */
export interface TestRouter {
  /** Where it is, and how it got there (PUSH, REPLACE or POP). */
  state: { location: Location; historyAction: NavigationType };
  navigate: NavigateFunction;
}

/** Tells `onRender` where the router is, and how it navigates, after each change. */
function RouterHandle({ onRender }: { onRender: (state: TestRouter['state'], navigate: NavigateFunction) => void }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => onRender({ location, historyAction }, navigate), [onRender, location, historyAction, navigate]);
  return null;
}

/** `children` in a memory router at `url`, and the handle the test drives it with (filled on the first render). */
export function inTestRouter(url: string, children: ReactNode): { router: TestRouter; tree: ReactElement } {
  const notYet = () => {
    throw new Error('The test router is not rendered yet');
  };
  const router: TestRouter = {
    state: {
      location: { pathname: '', search: '', hash: '', state: null, key: '' },
      historyAction: NavigationType.Pop,
    },
    navigate: notYet,
  };
  const onRender = (state: TestRouter['state'], navigate: NavigateFunction) => {
    router.state = state;
    router.navigate = navigate;
  };
  return {
    router,
    tree: (
      <MemoryRouter initialEntries={[url]}>
        <RouterHandle onRender={onRender} />
        {children}
      </MemoryRouter>
    ),
  };
}

export interface RenderOptions {
  /** Initial URL, e.g. '/courses/1/stats?page=2'. */
  route?: string;
  /** Route pattern the element is mounted at, e.g. '/courses/:courseId/stats'. Defaults to '*'. */
  path?: string;
  /** Other routes beside it, as `<Route>` elements. */
  extraRoutes?: ReactNode;
  queryClient?: QueryClient;
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const { router, tree } = inTestRouter(
    options.route ?? '/',
    <Routes>
      <Route path={options.path ?? '*'} element={ui} />
      {options.extraRoutes}
    </Routes>,
  );
  const result: RenderResult = render(<QueryClientProvider client={queryClient}>{tree}</QueryClientProvider>);
  return { ...result, router, queryClient };
}
