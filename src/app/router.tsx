import { lazy, type ReactNode } from 'react';
import { Link, Navigate, useRoutes, type RouteObject } from 'react-router';
import { loadChunk } from '@/lib/load-chunk';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { CourseStatsPage } from '@/features/course-stats/routes/course-stats-page';
import { CoursesIndexPage } from '@/features/course-stats/routes/courses-index-page';
import { useCatalog } from '@/lib/i18n';
import { AppShell } from './app-shell';
import { appCatalogs, type AppTexts } from './strings';
import { usePageTitle } from './use-page-title';

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
