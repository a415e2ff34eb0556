import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { PreferenceControls } from '@/components/preference-controls';
import { sharedCatalogs } from '@/components/shared-strings';
import { SessionExpiryBanner } from '@/features/auth/components/session-expiry-banner';
import { signOut } from '@/features/auth/session';
import { useCatalog } from '@/lib/i18n';
import { ErrorBoundary } from './error-boundary';
import { OfflineBanner } from './offline-banner';
import { ShellMenu } from './shell-menu';
import { appCatalogs } from './strings';
import './app-shell.css';

export function AppShell() {
  const queryClient = useQueryClient();
  const location = useLocation();
  const texts = useCatalog(appCatalogs);
  const { brand } = useCatalog(sharedCatalogs);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        {texts.skipToContent}
      </a>
      <header className="shell-header">
        <span className="shell-brand">{brand}</span>
        <nav aria-label={texts.mainNav} className="shell-nav">
          <NavLink to="/courses">{texts.navCourseStats}</NavLink>
          <NavLink to="/label-groups">{texts.navLabelGroups}</NavLink>
        </nav>
        {/* On a phone the language, theme and sign-out fold into a menu, so the header stays one line. */}
        <ShellMenu label={texts.menu}>
          <PreferenceControls />
          <button type="button" className="button" onClick={() => signOut(queryClient)}>
            {texts.signOut}
          </button>
        </ShellMenu>
      </header>
      <OfflineBanner />
      <SessionExpiryBanner />
      <main id="main" className="shell-main" tabIndex={-1}>
        <ErrorBoundary resetKey={location.pathname}>
          <Suspense fallback={<p aria-busy="true">{texts.loading}</p>}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
    </div>
  );
}
