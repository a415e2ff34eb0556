import { lazy, type ReactNode } from 'react';
import { Link, Navigate, useRoutes, type RouteObject } from 'react-router';
import { loadChunk } from '@/lib/load-chunk';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { useCatalog } from '@/lib/i18n';
import { AppShell } from './app-shell';
import { lazyChunk } from './lazy-chunk';
import { appCatalogs, type AppTexts } from './strings';
import { usePageTitle } from './use-page-title';

// Each screen's code is a chunk of its own, so the sign-in screen (and each page) loads only what it shows. The
// course statistics screens are where most visits go: index.html preloads their chunk (see vite.config.ts), so
// opening one costs no second round trip.
// (main.tsx starts loading it before the first render when the address is one of them.)
export const courseStatsRoutes = lazyChunk(() => loadChunk(() => import('./course-stats-routes')));

function CourseStatsPage() {
  const { CourseStatsPage: Page } = courseStatsRoutes.useModule();
  return <Page />;
}

function CoursesIndexPage() {
  const { CoursesIndexPage: Page } = courseStatsRoutes.useModule();
  return <Page />;
}

// The tree is a screen of its own that most visits never open: its code loads on first use.
const LabelGroupsPage = lazy(() =>
  loadChunk(() => import('@/features/label-groups/components/label-groups-page')).then((module) => ({
    default: module.LabelGroupsPage,
  })),
);

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
      {
        path: 'courses',
        element: (
          <Titled title="courseStats">
            <CoursesIndexPage />
          </Titled>
        ),
      },
      {
        path: 'courses/:courseId/stats',
        element: (
          <Titled title="courseStats">
            <CourseStatsPage />
          </Titled>
        ),
      },
      {
        path: 'label-groups',
        element: (
          <Titled title="labelGroups">
            <LabelGroupsPage />
          </Titled>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Declarative routing: the app uses no loaders or actions, and this mode keeps the data router out of the bundle. */
export function AppRoutes() {
  return useRoutes(routes);
}
