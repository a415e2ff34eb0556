import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { useCatalog } from '@/lib/i18n';
import { lazyReady, loadChunkOnce } from '@/lib/load-chunk';
import { AppProviders } from './providers';
import { appCatalogs } from './strings';

/** The code behind the sign-in, loaded once there is a token: the sign-in screen needs none of it. */
export const loadSignedInApp = loadChunkOnce(() => import('./signed-in-app'));

const SignedInApp = lazyReady(loadSignedInApp, (module) => module.SignedInApp);

function Loading() {
  const texts = useCatalog(appCatalogs);
  return <p aria-busy="true">{texts.loading}</p>;
}

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <AuthGate>
        <Suspense fallback={<Loading />}>
          <SignedInApp />
        </Suspense>
      </AuthGate>
    </AppProviders>
  );
}
