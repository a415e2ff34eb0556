import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { labelGroupsQueries } from '@/features/label-groups/api/label-groups-queries';
import { setToken } from '@/lib/token-store';
import { apiHandlers } from '@/testing/api-handlers';
import { labelGroupWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { prefetchRoute } from './prefetch';
import { renderApp } from '../app-test-support';
import { createAppQueryClient } from '../providers';

/** Answers the label groups, after `wait` ms, with two groups (or `status` and an error); counts the requests. */
function answerLabelGroups({ wait = 0, status = 200 }: { wait?: number; status?: number } = {}): { count: number } {
  const asked = { count: 0 };
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
    ...apiHandlers({
      labelGroups: async () => {
        asked.count += 1;
        await delay(wait);
        if (status !== 200) return HttpResponse.json({ error: 'groups are resting' }, { status });
        return [
          labelGroupWire({ id: 1, name: 'Sales', labels: [] }),
          labelGroupWire({ id: 2, name: 'Marketing', labels: [] }),
        ];
      },
    }),
  );
  return asked;
}

describe('asking for the label groups before the app renders', () => {
  it('asks on the address with a trailing slash too, as the route matches it', async () => {
    setToken('tok-groups-slash', false);
    const asked = answerLabelGroups();
    prefetchRoute(createAppQueryClient(), { pathname: '/label-groups/', search: '' });
    await expect.poll(() => asked.count).toBe(1);
  });

  it('asks at once on the label groups address, and the page takes the same request over', async () => {
    setToken('tok-groups-prefetch', false);
    const asked = answerLabelGroups({ wait: 100 });
    const client = createAppQueryClient();
    prefetchRoute(client, { pathname: '/label-groups', search: '' });
    // The request is out before anything renders.
    await expect.poll(() => asked.count).toBe(1);
    renderApp('/label-groups', client);
    expect(await screen.findByRole('treeitem', { name: /Sales/ }, { timeout: 5_000 })).toBeInTheDocument();
    expect(asked.count).toBe(1);
  });

  it.each([
    ['another page', '/courses'],
    ['a deeper address', '/label-groups/7'],
    ['an address that only starts alike', '/label-groups-old'],
  ])('asks for nothing on %s', async (_what, pathname) => {
    setToken('tok-groups-nothing', false);
    const asked = answerLabelGroups();
    const client = createAppQueryClient();
    prefetchRoute(client, { pathname, search: '' });
    await delay(30);
    expect(asked.count).toBe(0);
    expect(client.getQueryData(labelGroupsQueries.list().queryKey)).toBeUndefined();
  });

  it('asks for nothing when signed out', async () => {
    const asked = answerLabelGroups();
    prefetchRoute(createAppQueryClient(), { pathname: '/label-groups', search: '' });
    await delay(30);
    expect(asked.count).toBe(0);
  });

  it('a failed request is shown by the page as it is, without asking again', async () => {
    setToken('tok-groups-failed', false);
    const asked = answerLabelGroups({ status: 400 });
    const client = createAppQueryClient();
    prefetchRoute(client, { pathname: '/label-groups', search: '' });
    await expect.poll(() => client.getQueryState(labelGroupsQueries.list().queryKey)?.status).toBe('error');
    renderApp('/label-groups', client);
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('groups are resting');
    expect(asked.count).toBe(1);
  });
});
