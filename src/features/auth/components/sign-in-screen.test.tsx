import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getToken, TOKEN_STORAGE_KEY } from '@/lib/token-store';
import { apiHandlers } from '@/testing/api-handlers';
import { server } from '@/testing/msw';
import { renderWithProviders } from '@/testing/render';
import { AuthGate } from './auth-gate';
import { renderGateIn } from '../auth-test-support';

const GOOD = 'good-token';

function serveApi(mode: 'demo' | 'proxy' = 'demo') {
  const checks: Array<string | null> = [];
  server.use(
    http.get('/api/config', () =>
      HttpResponse.json(mode === 'demo' ? { mode, demoToken: GOOD } : { mode, upstreamHost: 'lms.example.com' }),
    ),
    ...apiHandlers({
      labelGroups: ({ request }) => {
        const auth = request.headers.get('authorization');
        checks.push(auth);
        return auth === `Bearer ${GOOD}` ? [] : HttpResponse.json({ error: 'bad token' }, { status: 401 });
      },
    }),
  );
  return checks;
}

const renderGate = (route = '/courses/5/stats?page=2') =>
  renderWithProviders(
    <AuthGate>
      <p>Signed-in content</p>
    </AuthGate>,
    { route },
  );

describe('SignInScreen', () => {
  it('signs in with a good token into session storage only, keeping the URL', async () => {
    const checks = serveApi();
    const user = userEvent.setup();
    const { router } = renderGate();
    await user.type(screen.getByLabelText('Access token'), GOOD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed-in content')).toBeInTheDocument();
    expect(checks).toEqual([`Bearer ${GOOD}`]);
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(GOOD);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(router.state.location.pathname + router.state.location.search).toBe('/courses/5/stats?page=2');
  });

  it('remembers the token in local storage when asked', async () => {
    serveApi();
    const user = userEvent.setup();
    renderGate();
    await user.type(screen.getByLabelText('Access token'), GOOD);
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Signed-in content');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(GOOD);
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs in with a token kept before the box was renamed: the same place in local storage', async () => {
    // Written as the app wrote it when the box said "Remember on this device": the key is pinned here, not
    // imported, so that moving the token elsewhere would sign out everyone who chose to stay signed in.
    window.localStorage.setItem('course-stats.token', GOOD);
    renderGate();
    expect(await screen.findByText('Signed-in content')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Keep me signed in' })).not.toBeInTheDocument();
    expect(getToken()).toBe(GOOD);
  });

  it('says "Keep me signed in" in both languages, never the words of the snapshots', async () => {
    serveApi();
    const { unmount } = renderGate();
    expect(await screen.findByRole('checkbox', { name: 'Keep me signed in' })).not.toBeChecked();
    expect(screen.queryByText(/Remember on this device/)).not.toBeInTheDocument();
    unmount();
    renderGateIn('ru');
    expect(await screen.findByRole('checkbox', { name: 'Не выходить из системы' })).not.toBeChecked();
    expect(screen.queryByText(/Запомнить на этом устройстве/)).not.toBeInTheDocument();
  });

  it('stays with an alert when the token is rejected, storing nothing', async () => {
    serveApi();
    const user = userEvent.setup();
    renderGate();
    await user.type(screen.getByLabelText('Access token'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The access token was rejected.');
    expect(screen.queryByText('Signed-in content')).not.toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('refuses an empty token inline without calling the API', async () => {
    const checks = serveApi();
    const user = userEvent.setup();
    renderGate();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter an access token.')).toBeInTheDocument();
    expect(screen.getByLabelText('Access token')).toHaveAttribute('aria-invalid', 'true');
    expect(checks).toEqual([]);
  });

  it('explains a network failure differently from a rejection', async () => {
    server.use(
      http.get('/api/config', () => HttpResponse.json({ mode: 'demo', demoToken: GOOD })),
      ...apiHandlers({ labelGroups: () => HttpResponse.error() }),
    );
    const user = userEvent.setup();
    renderGate();
    await user.type(screen.getByLabelText('Access token'), GOOD);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No connection to the server.');
    expect(alert).not.toHaveTextContent('rejected');
  });

  it('offers the demo token in demo mode', async () => {
    serveApi('demo');
    const user = userEvent.setup();
    renderGate();
    expect(await screen.findByText('Demo mode')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use demo token' }));
    expect(await screen.findByText('Signed-in content')).toBeInTheDocument();
  });

  it('names the upstream host in proxy mode and offers no demo token', async () => {
    serveApi('proxy');
    renderGate();
    expect(await screen.findByText('lms.example.com')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use demo token' })).not.toBeInTheDocument();
  });

  it('toggles the token between hidden and shown', async () => {
    serveApi();
    const user = userEvent.setup();
    renderGate();
    const input = screen.getByLabelText('Access token');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show token' }));
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show token' })).toHaveAttribute('aria-pressed', 'true');
  });
});
