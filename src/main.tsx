import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { applyTheme } from '@/lib/theme';
import { getToken } from '@/lib/token-store';
import { App } from './app/app';
import { courseStatsRoutes } from './app/router';
import './app/styles.css';

// Before the first render, so a chosen theme never flashes the other one.
applyTheme();

const root = document.getElementById('root');
if (!root) throw new Error('index.html lacks #root');

// Signed in on a course statistics address: the screens' chunk (preloaded by index.html) is taken in before the
// first render, so the page renders with the shell instead of after a "Loading…" (a lazy screen would suspend once
// and React then holds its reveal back), and the page's rows are asked for at once, not once the page has rendered.
const firstScreen =
  getToken() !== null && window.location.pathname.startsWith('/courses')
    ? courseStatsRoutes
        .load()
        .then((routes) => routes.prefetchCourseStatsRoute(window.location))
        .catch(() => undefined) // the page loads the chunk again, and says so if it cannot
    : Promise.resolve();

// A transition: React renders the first screen in slices and lets the browser in between, rather than in one
// long task.
void firstScreen.then(() =>
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
