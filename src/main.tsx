import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '@/lib/theme';
import { getToken } from '@/lib/token-store';
import { App, loadSignedInApp } from './app/app';
import { createAppQueryClient } from './app/providers';
import './app/styles.css';

// Before the first render, so a chosen theme never flashes the other one.
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

const queryClient = createAppQueryClient();

/**
 * Signed in, the first render waits for the code behind the sign-in and the screen's code; startSignedIn also asks for
 * the data the screen opens with, which it does not wait for. The sign-in screen's code is all in this bundle.
 */
function signedInStartUp(): Promise<void> {
  if (getToken() === null) return Promise.resolve();
  return loadSignedInApp()
    .then(({ startSignedIn }) => startSignedIn(queryClient, window.location))
    .catch(() => undefined); // the screen loads its code again when it renders, and says what went wrong
}

// The rest of the start-up runs after the bundle's evaluation, a task a piece: the requests, then the first render.
setTimeout(() => {
  void signedInStartUp().then(() =>
    setTimeout(() => {
      // A transition: React renders the first screen in slices, letting the browser in between, not in one long task.
      startTransition(() => {
        createRoot(root).render(
          <StrictMode>
            <App queryClient={queryClient} />
          </StrictMode>,
        );
      });
    }),
  );
});
