import type { ComponentType, ReactNode } from 'react';
import { Link, matchPath, Navigate, useRoutes, type RouteObject } from 'react-router';
import { loadChunkOnce } from '@/lib/load-chunk';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { useCatalog } from '@/lib/i18n';
import { AppShell } from './app-shell';
import { lazyReady } from '@/lib/lazy-ready';
import { appCatalogs, type AppTexts } from './strings';
import { usePageTitle } from './use-page-title';

// Each screen's code is a chunk of its own, loaded on first use, so the sign-in screen loads no table or chart
// code. One load per screen: the start-up (preloadRoute) and the route's component share it.
const loadCourseStatsPage = loadChunkOnce(() => import('./course-stats-route'));
const loadCoursesPage = loadChunkOnce(() => import('./courses-page'));
const loadLabelGroupsPage = loadChunkOnce(() => import('@/features/label-groups/routes/label-groups-page'));
const loadStoredOnDevicePage = loadChunkOnce(() => import('./device-screens'));

const CourseStatsPage = lazyReady(loadCourseStatsPage, (module) => module.CourseStatsRoute);
const CoursesPage = lazyReady(loadCoursesPage, (module) => module.CoursesPage);
const LabelGroupsPage = lazyReady(loadLabelGroupsPage, (module) => module.LabelGroupsPage);
const StoredOnDevicePage = lazyReady(loadStoredOnDevicePage, (module) => module.StoredOnDeviceRoute);

/** The screens that load lazily: each one's route, its page title, the load of its code and its page. */
const SCREENS: ReadonlyArray<{
  path: string;
  title: keyof AppTexts['titles'];
  load: () => Promise<unknown>;
  Page: ComponentType;
}> = [
  { path: 'courses', title: 'courses', load: loadCoursesPage, Page: CoursesPage },
  { path: 'courses/:courseId/stats', title: 'courseStats', load: loadCourseStatsPage, Page: CourseStatsPage },
  { path: 'label-groups', title: 'labelGroups', load: loadLabelGroupsPage, Page: LabelGroupsPage },
  { path: 'device', title: 'device', load: loadStoredOnDevicePage, Page: StoredOnDevicePage },
];

/**
 * Starts loading the code of the screen at `pathname`, so the first render finds it there rather than showing
 * the loading line first; resolves once it is in (or failed: the route then tries again and says so).
 */
export function preloadRoute(pathname: string): Promise<void> {
  const screen = SCREENS.find(({ path }) => matchPath(`/${path}`, pathname));
  return screen
    ? screen.load().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

function Titled({ title, children }: { title: keyof AppTexts['titles']; children: ReactNode }) {
  usePageTitle(title);
  return children;
}

function NotFoundPage() {
  const texts = useCatalog(appCatalogs);
  return (
    <Titled title="notFound">
      <h1>{texts.notFoundTitle}</h1>
      <p>
        {texts.notFoundBefore}
        <Link to="/courses">{texts.notFoundCourses}</Link>
        {texts.notFoundBetween}
        <Link to="/label-groups">{texts.notFoundLabels}</Link>
        {texts.notFoundAfter}
      </p>
    </Titled>
  );
}

export const routes: RouteObject[] = [
  {
    element: (
      <AuthGate>
        <AppShell />
      </AuthGate>
    ),
    children: [
      { index: true, element: <Navigate to="/courses" replace /> },
      ...SCREENS.map(({ path, title, Page }) => ({
        path,
        element: (
          <Titled title={title}>
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
