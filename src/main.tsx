import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '@/lib/theme';
import { App } from './app/app';
// After App: imported ahead of it, these imports would make the bundler split the API client into a chunk of its own.
import { prefetchCourseStatsRoute } from './app/course-stats-prefetch';
import { createAppQueryClient } from './app/providers';
import './app/styles.css';

// Before the first render, so a chosen theme never flashes the other one.
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

const queryClient = createAppQueryClient();

// The rest of the start-up runs after the bundle's evaluation (one long task already), each piece in a task of its
// own: first the request for the page's rows (on a course statistics address; the first render waits a moment for
// them, see prefetchCourseStatsRoute), then the first render.
setTimeout(() => {
  void prefetchCourseStatsRoute(queryClient, window.location)
    .catch(() => undefined) // the page asks again, and says what went wrong
    .then(() =>
      setTimeout(() => {
        // A transition: React renders the first screen in slices and lets the browser in between, rather than in
        // one long task.
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
