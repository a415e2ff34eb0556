import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Link, Navigate, useRoutes, type RouteObject } from 'react-router';
import { useCatalog } from '@/lib/i18n';
import { lazyReady, loadChunkOnce } from '@/lib/load-chunk';
import { HOME, matchRoute, pathTo, ROUTE_NAMES, ROUTES, screenFileOf, type RouteName } from '@/lib/routes';
import { AppShell } from './app-shell';
import { appCatalogs } from './strings';

/** A screen module (screens/<name>.tsx) exports its page as `Component`, as React Router's route modules do. */
type ScreenModule = { Component: ComponentType };

const screenModules = import.meta.glob<ScreenModule>(['./screens/*.tsx', '!./screens/*.test.tsx']);

// Each screen's code is a chunk loaded on first use (no table code for sign-in), shared by preloadRoute and the route.
const SCREENS = ROUTE_NAMES.map((name) => {
  const module = screenModules[`./screens/${screenFileOf(name)}.tsx`];
  if (!module) throw new Error(`No screen module for the route ${name}`);
  const load = loadChunkOnce(module);
  return { name, load, Page: lazyReady(load, (loaded) => loaded.Component) };
});

/** Starts loading the screen's code at `pathname`, so the first render finds it in; resolves once in (or failed). */
export async function preloadRoute(pathname: string): Promise<void> {
  const name = matchRoute(pathname)?.name;
  await SCREENS.find((item) => item.name === name)
    ?.load()
    .catch(() => undefined);
}

/** Sets the page's title, "<title> · <app name>", while `children` are shown. */
function Titled({ title, children }: { title: RouteName | 'notFound'; children: ReactNode }) {
  const texts = useCatalog(appCatalogs);
  const text = `${texts.titles[title]} · ${texts.appName}`;
  useEffect(() => {
    document.title = text;
  }, [text]);
  return children;
}

function NotFoundPage() {
  const texts = useCatalog(appCatalogs);
  return (
    <Titled title="notFound">
      <h1>{texts.titles.notFound}</h1>
      <p>
        {texts.notFoundBefore}
        <Link to={pathTo('courses')}>{texts.notFoundCourses}</Link>
        {texts.notFoundBetween}
        <Link to={pathTo('labelGroups')}>{texts.notFoundLabels}</Link>
        {texts.notFoundAfter}
      </p>
    </Titled>
  );
}

export const routes: RouteObject[] = [
  {
    // Behind the sign-in gate that App puts around the whole router.
    element: <AppShell />,
    children: [
      { index: true, element: <Navigate to={pathTo(HOME)} replace /> },
      ...SCREENS.map(({ name, Page }) => ({
        path: ROUTES[name].path,
        element: (
          <Titled title={name}>
            <Page />
          </Titled>
        ),
      })),
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Declarative routing: the app uses no loaders or actions, and this mode keeps the data router out of the bundle. */
export function AppRoutes() {
  return useRoutes(routes);
}
