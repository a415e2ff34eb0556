import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { Suspense, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { PreferenceControls } from '@/components/preference-controls';
import { sharedCatalogs } from '@/components/shared-strings';
import { useDisclosure } from '@/components/use-disclosure';
import type { DeviceInventory } from '@/features/device/device-inventory';
import { SessionExpiryBanner } from '@/features/auth/components/session-expiry-banner';
import { signOut } from '@/features/auth/session';
import { useCatalog } from '@/lib/i18n';
import { lazyReady, loadChunkOnce } from '@/lib/load-chunk';
import { pathTo } from '@/lib/routes';
import { ErrorBoundary } from './error-boundary';
import { appCatalogs } from './strings';
import './app-shell.css';

// The sign-out question and its IndexedDB code load on its first click, not with the shell; failing, it signs out.
const loadSignOutDialog = loadChunkOnce(() => import('./screens/device'), { attempts: 1 });
const SignOutDialog = lazyReady(loadSignOutDialog, (module) => module.SignOutQuestion);

/** Signs out at once when this device keeps nothing of the user's courses; otherwise asks first (see SignOutDialog). */
function SignOutButton() {
  const queryClient = useQueryClient();
  const texts = useCatalog(appCatalogs);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const checking = useRef(false);
  const [asking, setAsking] = useState<DeviceInventory | null>(null);

  const start = async () => {
    if (checking.current) return;
    checking.current = true;
    try {
      const stored = await loadSignOutDialog().then((module) => module.whatSignOutLeavesHere());
      if (stored) setAsking(stored);
      else signOut(queryClient);
    } catch {
      signOut(queryClient);
    } finally {
      checking.current = false;
    }
  };

  return (
    <>
      <button ref={buttonRef} type="button" className="button" onClick={() => void start()}>
        {texts.signOut}
      </button>
      {asking && (
        <Suspense fallback={null}>
          <SignOutDialog
            inventory={asking}
            onSignOut={() => signOut(queryClient)}
            onCancel={() => {
              setAsking(null);
              buttonRef.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * The header's tools: in the header on wide screens; on phones (app-shell.css) behind a disclosure button named
 * `label`, its panel under the header. Escape or a click elsewhere closes it, and Escape gives focus back.
 */
function ShellMenu({ label, children }: { label: string; children: ReactNode }) {
  const { open, panelId, containerProps, buttonProps } = useDisclosure();
  return (
    <div {...containerProps} className="shell-menu">
      <button {...buttonProps} className="button shell-menu-button">
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span className="visually-hidden">{label}</span>
      </button>
      <div id={panelId} className="shell-tools" data-open={open || undefined}>
        {children}
      </div>
    </div>
  );
}

const subscribeOnline = (callback: () => void) => onlineManager.subscribe(callback);
const isOnline = () => onlineManager.isOnline();

/** React Query pauses queries while offline and resumes them when the browser is back; this says so. */
function OfflineBanner() {
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const texts = useCatalog(appCatalogs);
  if (online) return null;
  return (
    <div role="status" className="offline-banner">
      {texts.offline}
    </div>
  );
}

export function AppShell() {
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
          <NavLink to={pathTo('courses')}>{texts.navCourseStats}</NavLink>
          <NavLink to={pathTo('labelGroups')}>{texts.titles.labelGroups}</NavLink>
        </nav>
        {/* On a phone the language, theme and sign-out fold into a menu, so the header stays one line. */}
        <ShellMenu label={texts.menu}>
          <PreferenceControls />
          <NavLink to={pathTo('device')} className="shell-device-link">
            {texts.titles.device}
          </NavLink>
          <SignOutButton />
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
