import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { signOut } from '@/features/auth/session';
import { ErrorBoundary } from './error-boundary';
import { OfflineBanner } from './offline-banner';
import './app-shell.css';

export function AppShell() {
  const queryClient = useQueryClient();
  const location = useLocation();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="shell-header">
        <span className="shell-brand">Course statistics</span>
        <nav aria-label="Main" className="shell-nav">
          <NavLink to="/courses">Course statistics</NavLink>
          <NavLink to="/label-groups">Label groups</NavLink>
        </nav>
        <button type="button" className="button shell-sign-out" onClick={() => signOut(queryClient)}>
          Sign out
        </button>
      </header>
      <OfflineBanner />
      <main id="main" className="shell-main" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<p aria-busy="true">Loading…</p>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
