import { lazy, type ReactNode } from 'react';
import { Link, Navigate, useRoutes, type RouteObject } from 'react-router';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { CourseStatsPage } from '@/features/course-stats/components/course-stats-page';
import { CoursesIndexPage } from '@/features/course-stats/components/courses-index-page';
import { AppShell } from './app-shell';
import { usePageTitle } from './use-page-title';

// The tree is a screen of its own that most visits never open: its code loads on first use.
const LabelGroupsPage = lazy(() =>
  import('@/features/label-groups/components/label-groups-page').then((module) => ({
    default: module.LabelGroupsPage,
  })),
);

function Titled({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return children;
}

function NotFoundPage() {
  return (
    <Titled title="Page not found">
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. Go to <Link to="/courses">course statistics</Link> or{' '}
        <Link to="/label-groups">label groups</Link>.
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
          <Titled title="Course statistics">
            <CoursesIndexPage />
          </Titled>
        ),
      },
      {
        path: 'courses/:courseId/stats',
        element: (
          <Titled title="Course statistics">
            <CourseStatsPage />
          </Titled>
        ),
      },
      {
        path: 'label-groups',
        element: (
          <Titled title="Label groups">
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
