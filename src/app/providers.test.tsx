import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TOKEN_EXCHANGE_PATH } from '@contract';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { fetchCourseStats } from '@/lib/fetch-list';
import { getToken, rememberClientId, setToken, TOKEN_STORAGE_KEY } from '@/lib/token-store';
import { apiHandlers, serveApi } from '@/testing/api-handlers';
import { courseStatWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { inTestRouter } from '@/testing/render';
import { AppProviders } from './providers';

function Stats() {
  const stats = useQuery({
    queryKey: ['stats-probe', 3],
    queryFn: ({ signal }) => fetchCourseStats({ courseId: 3 }, { signal }),
  });
  if (stats.isError) return <p>failed</p>;
  return <p>{stats.data ? `${stats.data.items.length} rows` : 'loading'}</p>;
}

/** The app's providers and the sign-in gate around `Stats`, at `url`; returns the router, to read its location. */
function renderGatedAt(url: string) {
  const { router, tree } = inTestRouter(
    url,
    <AuthGate>
      <Stats />
    </AuthGate>,
  );
  render(<AppProviders>{tree}</AppProviders>);
  return router;
}

describe('the app-wide 401 reaction', () => {
  it('signs out on a 401 from any query and shows the alert, keeping the URL', async () => {
    setToken('expired', true);
    server.use(
      http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
      ...apiHandlers({ courseStats: () => HttpResponse.json({ error: 'token expired' }, { status: 401 }) }),
    );
    const router = renderGatedAt('/courses/3/stats?user_id=9');
    expect(await screen.findByRole('alert')).toHaveTextContent('The access token was rejected.');
    expect(screen.getByLabelText('Access token')).toBeInTheDocument();
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname + router.state.location.search).toBe('/courses/3/stats?user_id=9');
  });

  it('after a sign-in with API keys, a 401 opens them with the Client ID filled in; signing in returns to the view', async () => {
    const view = '/courses/3/stats?user_id=9&page=2';
    rememberClientId('app-client-1', false);
    setToken('expired-by-api', false, Date.now() + 3_600_000);
    let tokenNow = 'expired-by-api';
    server.use(
      http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
      ...apiHandlers({
        courseStats: ({ request }) =>
          request.headers.get('authorization') === `Bearer ${tokenNow}` && tokenNow === 'fresh'
            ? [courseStatWire()]
            : HttpResponse.json({ error: 'token expired' }, { status: 401 }),
      }),
      http.post(TOKEN_EXCHANGE_PATH, () => {
        tokenNow = 'fresh';
        return HttpResponse.json({ access_token: 'fresh', token_type: 'bearer', expires_in: 7200, created_at: 1 });
      }),
    );
    const router = renderGatedAt(view);
    expect(await screen.findByRole('alert')).toHaveTextContent('The access token was rejected.');
    expect(screen.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Client ID')).toHaveValue('app-client-1');
    expect(router.state.location.pathname + router.state.location.search).toBe(view);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Client secret'), 'the-secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('1 rows')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(view);
  });

  it('keeps the user signed in on a 403 (the token is valid, the resource is not allowed)', async () => {
    setToken('limited', false);
    serveApi({ courseStats: () => HttpResponse.json({ error: 'forbidden' }, { status: 403 }) });
    renderGatedAt('/');
    expect(await screen.findByText('failed')).toBeInTheDocument();
    expect(getToken()).toBe('limited');
  });

  it('shows the rows for a good token', async () => {
    setToken('fine', false);
    serveApi({ courseStats: () => [courseStatWire()] });
    renderGatedAt('/');
    expect(await screen.findByText('1 rows')).toBeInTheDocument();
  });
});
