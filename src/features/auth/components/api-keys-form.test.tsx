import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TOKEN_EXCHANGE_PATH, type TokenExchangeErrorCode } from '@contract';
import { getToken, getTokenExpiry, TOKEN_STORAGE_KEY } from '@/lib/token-store';
import { server } from '@/testing/msw';
import { renderWithProviders } from '@/testing/render';
import { AuthGate } from './auth-gate';
import { renderGateIn } from '../auth-test-support';

const CLIENT_ID = 'app-client-1';
const SECRET = 'very-secret-api-key-42';
const ISSUED = 'issued-token';

/** The demo server: the exchange takes one pair of keys; every call is recorded. */
function serveKeys(answer?: { status: number; error: TokenExchangeErrorCode }) {
  const bodies: string[] = [];
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'demo', demoToken: 'demo' })),
    http.post(TOKEN_EXCHANGE_PATH, async ({ request }) => {
      const body = await request.text();
      bodies.push(body);
      if (answer) {
        return HttpResponse.json({ error: answer.error, error_description: 'no' }, { status: answer.status });
      }
      const keys: unknown = JSON.parse(body);
      return JSON.stringify(keys) === JSON.stringify({ client_id: CLIENT_ID, client_secret: SECRET })
        ? HttpResponse.json({ access_token: ISSUED, token_type: 'bearer', expires_in: 7200, created_at: 1 })
        : HttpResponse.json({ error: 'invalid_client', error_description: 'no' }, { status: 401 });
    }),
  );
  return bodies;
}

const renderGate = (route = '/courses/5/stats?page=2&sort=name') =>
  renderWithProviders(
    <AuthGate>
      <p>Signed-in content</p>
    </AuthGate>,
    { route },
  );

async function openKeysTab(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'API keys' }));
}

describe('the two ways in', () => {
  it('are tabs: one selected, in the Tab order alone, moved between with the arrow keys, Home and End', async () => {
    serveKeys();
    const user = userEvent.setup();
    renderGate();
    const list = screen.getByRole('tablist', { name: 'Ways to sign in' });
    const [token, keys] = within(list).getAllByRole('tab');
    expect(token).toHaveAccessibleName('Access token');
    expect(keys).toHaveAccessibleName('API keys');
    expect(token).toHaveAttribute('aria-selected', 'true');
    expect(token).toHaveAttribute('tabindex', '0');
    expect(keys).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', token?.getAttribute('aria-controls'));
    expect(screen.getByLabelText('Access token')).toBeInTheDocument();

    token?.focus();
    await user.keyboard('{ArrowRight}');
    expect(keys).toHaveFocus();
    expect(keys).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', keys?.getAttribute('aria-controls'));
    expect(screen.getByLabelText('Client ID')).toBeInTheDocument();
    expect(screen.getByLabelText('Client secret')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Access token')).not.toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(token).toHaveFocus();
    await user.keyboard('{End}');
    expect(keys).toHaveFocus();
    await user.keyboard('{Home}');
    expect(token).toHaveFocus();
    expect(screen.getByLabelText('Access token')).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(keys).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(token).toHaveFocus();
  });
});

describe('signing in with API keys', () => {
  it('stores the token and its expiry, the Client ID, and the secret nowhere; the address is kept', async () => {
    const bodies = serveKeys();
    const user = userEvent.setup();
    const { router, queryClient } = renderGate();
    await openKeysTab(user);
    await user.type(screen.getByLabelText('Client ID'), CLIENT_ID);
    await user.type(screen.getByLabelText('Client secret'), SECRET);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed-in content')).toBeInTheDocument();

    expect(bodies).toEqual([JSON.stringify({ client_id: CLIENT_ID, client_secret: SECRET })]);
    expect(getToken()).toBe(ISSUED);
    expect(window.sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe(ISSUED);
    const expiry = getTokenExpiry();
    expect(expiry).toBeGreaterThanOrEqual(before + 7200_000);
    expect(expiry).toBeLessThanOrEqual(Date.now() + 7200_000);
    expect(router.state.location.pathname + router.state.location.search).toBe('/courses/5/stats?page=2&sort=name');

    const everywhere = [
      ...[window.sessionStorage, window.localStorage].flatMap((area) =>
        Object.keys(area).map((key) => `${key}=${area.getItem(key) ?? ''}`),
      ),
      document.documentElement.outerHTML,
      JSON.stringify(
        queryClient
          .getMutationCache()
          .getAll()
          .map((mutation) => mutation.state),
      ),
      JSON.stringify(
        queryClient
          .getQueryCache()
          .getAll()
          .map((query) => [query.queryKey, query.state.data]),
      ),
    ].join('\n');
    expect(everywhere).toContain(CLIENT_ID);
    expect(everywhere).not.toContain(SECRET);
  });

  it('opens on API keys with the Client ID filled in next time, the secret empty', async () => {
    serveKeys();
    const user = userEvent.setup();
    const first = renderGate();
    await openKeysTab(user);
    await user.type(screen.getByLabelText('Client ID'), CLIENT_ID);
    await user.type(screen.getByLabelText('Client secret'), SECRET);
    await user.click(screen.getByRole('checkbox', { name: 'Keep me signed in' }));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Signed-in content');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(ISSUED);
    first.unmount();

    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
    renderGate();
    expect(screen.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Client ID')).toHaveValue(CLIENT_ID);
    expect(screen.getByLabelText('Client secret')).toHaveValue('');
    expect(JSON.stringify({ ...window.localStorage })).not.toContain(SECRET);
  });

  it('refuses empty keys inline, without asking the server', async () => {
    const bodies = serveKeys();
    const user = userEvent.setup();
    renderGate();
    await openKeysTab(user);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Client ID')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Client ID')).toHaveAccessibleDescription('Enter the Client ID.');
    expect(screen.getByLabelText('Client secret')).toHaveAccessibleDescription('Enter the Client secret.');
    expect(screen.getByLabelText('Client ID')).toHaveFocus();
    await user.type(screen.getByLabelText('Client ID'), CLIENT_ID);
    await user.type(screen.getByLabelText('Client secret'), '   ');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Client ID')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByLabelText('Client secret')).toHaveAttribute('aria-invalid', 'true');
    expect(bodies).toEqual([]);
  });

  it.each([
    [401, 'invalid_client', 'These API keys were rejected.', 'Check the Client ID and the Client secret'],
    [429, 'rate_limited', 'Too many sign-in attempts.', 'Wait a minute'],
    [502, 'unreachable', 'The sign-in service cannot be reached.', 'sign in with an access token'],
    [504, 'timeout', 'The sign-in service did not answer in time.', 'Try again in a moment'],
    [502, 'invalid_response', 'The sign-in service did not issue a token.', 'Try again later'],
    [502, 'upstream_error', 'The sign-in service did not issue a token.', 'Try again later'],
  ] as const)('explains a %i %s with a way forward, storing nothing', async (status, error, title, way) => {
    serveKeys({ status, error });
    const user = userEvent.setup();
    renderGate();
    await openKeysTab(user);
    await user.type(screen.getByLabelText('Client ID'), CLIENT_ID);
    await user.type(screen.getByLabelText('Client secret'), SECRET);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(way);
    expect(alert).not.toHaveTextContent(SECRET);
    expect(getToken()).toBeNull();
    expect(window.sessionStorage.length + window.localStorage.length).toBe(0);
  });

  it('speaks Russian', async () => {
    serveKeys({ status: 401, error: 'invalid_client' });
    const user = userEvent.setup();
    renderGateIn('ru');
    await user.click(screen.getByRole('tab', { name: 'API-ключи' }));
    await user.type(screen.getByLabelText('Client ID'), CLIENT_ID);
    await user.type(screen.getByLabelText('Секретный ключ'), SECRET);
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Эти API-ключи отклонены.');
  });
});
