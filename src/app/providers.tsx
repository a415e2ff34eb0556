import { QueryCache, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isTokenRejection, signOut } from '@/features/auth/session';
import { LocaleProvider } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';

/** One QueryClient for the app; a 401 from any query signs the user out (the client itself has no side effects). */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient({
      queryCache: new QueryCache({
        onError: (error) => {
          // Deferred: clearing the cache from inside its own callback would pull the rug from under it.
          if (isTokenRejection(error)) queueMicrotask(() => signOut(client, 'rejected'));
        },
      }),
    });
    return client;
  });
  return (
    <LocaleProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </LocaleProvider>
  );
}
