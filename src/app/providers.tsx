import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { signOut } from '@/features/auth/session';
import { LocaleProvider } from '@/lib/i18n';
import { queryClientDefaults } from '@/lib/query-client';
import { isTokenRejected } from '@/lib/retry-policy';

/** The app's QueryClient: a 401 from any query signs the user out and says why; a 403 stays on screen as an error. */
export function createAppQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: queryClientDefaults,
    queryCache: new QueryCache({
      onError: (error) => {
        // Deferred: clearing the cache from inside its own callback would pull the rug from under it.
        if (isTokenRejected(error)) queueMicrotask(() => signOut(client, 'rejected'));
      },
    }),
  });
  return client;
}

/** One QueryClient: the one given (main.tsx makes it before the first render, for the first rows), else its own. */
export function AppProviders({ children, queryClient: given }: { children: ReactNode; queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createAppQueryClient());
  return (
    <LocaleProvider>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </LocaleProvider>
  );
}
