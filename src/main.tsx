import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '@/lib/theme';
import { App } from './app/app';
// After App: imported ahead of it, its imports would make the bundler split the API client into a chunk of its own.
import { prefetchCourseStatsRoute } from './app/course-stats-prefetch';
import './app/styles.css';

// Before the first render, so a chosen theme never flashes the other one.
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// The rest of the start-up runs after the bundle's evaluation (one long task already), each piece in a task of its
// own: first the request for the page's rows (on a course statistics address), then the first render.
setTimeout(() => {
  prefetchCourseStatsRoute(window.location);
  setTimeout(() => {
    // A transition: React renders the first screen in slices and lets the browser in between, rather than in one
    // long task.
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
});
