import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_EXCHANGE_PATH } from '@contract';
import { getToken, rememberClientId, setToken } from '@/lib/token-store';
import { server } from '@/testing/msw';
import { renderWithProviders } from '@/testing/render';
import { AuthGate } from './auth-gate';
import { SessionExpiryBanner } from './session-expiry-banner';

const START = Date.UTC(2026, 10, 25, 9, 0, 0);
const MINUTE = 60_000;
const VIEW = '/courses/5/stats?page=3&per_page=25&sort=-score&user_id=10001';

function serve() {
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
    http.post(TOKEN_EXCHANGE_PATH, () =>
      HttpResponse.json({ access_token: 'fresh-token', token_type: 'bearer', expires_in: 7200, created_at: 1 }),
    ),
  );
}

const renderApp = () =>
  renderWithProviders(
    <AuthGate>
      <SessionExpiryBanner />
      <p>Signed-in content</p>
    </AuthGate>,
    { route: VIEW },
  );

/** Moves the pinned clock and runs what came due, React's updates included. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('a token with a known expiry', () => {
  it('says so five minutes before, then opens the sign-in screen in place; signing in returns to the same view', async () => {
    serve();
    rememberClientId('app-client-1', false);
    setToken('old-token', false, START + 20 * MINUTE);
    const { router } = renderApp();
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await pass(15 * MINUTE - 1);
    expect(status).toBeEmptyDOMElement();
    await pass(1);
    expect(status).toHaveTextContent(/^Your sign-in expires at .+\. Sign in again to keep working\./);
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
    expect(getToken()).toBe('old-token');

    await pass(5 * MINUTE);
    expect(getToken()).toBeNull();
    expect(screen.queryByText('Signed-in content')).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Your sign-in has expired.');
    expect(router.state.location.pathname + router.state.location.search).toBe(VIEW);
    expect(screen.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Client ID')).toHaveValue('app-client-1');

    vi.useRealTimers();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Client secret'), 'the-secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed-in content')).toBeInTheDocument();
    expect(getToken()).toBe('fresh-token');
    expect(router.state.location.pathname + router.state.location.search).toBe(VIEW);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('signs out at once when it has already expired on load', async () => {
    serve();
    setToken('stale-token', true, START - 1);
    renderApp();
    await pass(0);
    expect(getToken()).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Your sign-in has expired.');
  });

  it('lets the user sign in again early, from the banner', async () => {
    serve();
    setToken('old-token', false, START + 4 * MINUTE);
    const { router } = renderApp();
    await pass(0);
    await act(() => screen.getByRole('button', { name: 'Sign in again' }).click());
    expect(getToken()).toBeNull();
    expect(screen.getByRole('tablist', { name: 'Ways to sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(VIEW);
  });
});

describe('a pasted token', () => {
  it('has no known expiry: no banner and no sign-out, however long it is used', async () => {
    serve();
    setToken('pasted-token', false);
    renderApp();
    await pass(30 * 86_400_000);
    expect(getToken()).toBe('pasted-token');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByText('Signed-in content')).toBeInTheDocument();
  });
});
