import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/token-store';
import { labelGroupWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { renderApp } from './app-test-support';
import { sendEarlyRequests } from './early-requests';
import { prefetchLabelGroupsRoute } from './label-groups-prefetch';
import { createAppQueryClient } from './providers';

/** Answers the label groups after `wait` ms with one group, and records the token of each request. */
function answerLabelGroups(wait = 0): string[] {
  const tokens: string[] = [];
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
    http.get('/endpoint/v1/label_groups', async ({ request }) => {
      tokens.push(request.headers.get('authorization') ?? '');
      await delay(wait);
      return HttpResponse.json([labelGroupWire({ id: 1, name: 'Sales', labels: [] })]);
    }),
  );
  return tokens;
}

describe('the requests sent before the app is evaluated', () => {
  it('on the label groups address, the tree is asked for once: at once, and the page shows that answer', async () => {
    setToken('tok-early', false);
    const tokens = answerLabelGroups(100);
    sendEarlyRequests({ pathname: '/label-groups' });
    // Out before the query cache or any screen exists.
    await expect.poll(() => tokens).toEqual(['Bearer tok-early']);
    const client = createAppQueryClient();
    prefetchLabelGroupsRoute(client, { pathname: '/label-groups' });
    renderApp('/label-groups', client);
    expect(await screen.findByRole('treeitem', { name: /Sales/ }, { timeout: 5_000 })).toBeInTheDocument();
    expect(tokens).toEqual(['Bearer tok-early']);
  });

  it.each([
    ['the address with a trailing slash', '/label-groups/', 1],
    ['another page', '/courses', 0],
    ['a deeper address', '/label-groups/7', 0],
    ['an address that only starts alike', '/label-groups-old', 0],
  ])('on %s, asks %i times', async (_what, pathname, times) => {
    setToken('tok-where', false);
    const tokens = answerLabelGroups();
    sendEarlyRequests({ pathname });
    await delay(50);
    expect(tokens).toHaveLength(times);
  });

  it('asks for nothing when signed out', async () => {
    const tokens = answerLabelGroups();
    sendEarlyRequests({ pathname: '/label-groups' });
    await delay(50);
    expect(tokens).toEqual([]);
  });

  it('asks once a page, though both early scripts call it', async () => {
    setToken('tok-twice', false);
    const tokens = answerLabelGroups();
    const location = { pathname: '/label-groups' };
    sendEarlyRequests(location);
    sendEarlyRequests(location);
    await delay(50);
    expect(tokens).toEqual(['Bearer tok-twice']);
  });
});
