import type { QueryClient } from '@tanstack/react-query';
import { partialMatchKey, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseQueries } from '@/course/course-queries';
import { serverConfigQuery } from '@/course/server-config-query';
import { setToken } from '@/lib/token-store';
import { apiHandlers } from '@/testing/api-handlers';
import { courseStatsPage, labelGroupWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { inTestRouter } from '@/testing/render';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { AppProviders } from './providers';
import { AppRoutes, preloadRoute } from './router';

const TOKEN = 'tok-9f8e7d6c5b4a';

function ClientProbe({ onClient }: { onClient: (client: QueryClient) => void }) {
  onClient(useQueryClient());
  return null;
}

describe('the token and the query cache', () => {
  it('no query key or mutation key of the real screens holds the token, though every request carried it', async () => {
    setToken(TOKEN, false);
    const authorizations: Array<string | null> = [];
    server.use(
      http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
      ...apiHandlers({
        courseStats: ({ url, request }) => {
          authorizations.push(request.headers.get('authorization'));
          const page = Number(url.searchParams.get('page') ?? '1');
          return page === 1 ? courseStatsPage(10, 1, { course_id: 3 }) : [];
        },
        labelGroups: ({ request }) => {
          authorizations.push(request.headers.get('authorization'));
          return [labelGroupWire()];
        },
      }),
    );
    let client: QueryClient | null = null;
    // As the app's start-up does: the screen's code first (here, its modules' first load is most of the wait).
    await preloadRoute('/courses/3/stats');
    const { router, tree } = inTestRouter('/courses/3/stats?user_id=101', <AppRoutes />);
    render(
      <AppProviders>
        <ClientProbe onClient={(current) => (client = current)} />
        <AuthGate>{tree}</AuthGate>
      </AppProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Learner 1' }, { timeout: 15_000 })).toBeInTheDocument();
    await act(() => router.navigate('/label-groups'));
    expect(await screen.findByRole('tree', { name: 'Label groups' }, { timeout: 15_000 })).toBeInTheDocument();

    expect(authorizations.length).toBeGreaterThanOrEqual(2);
    expect(new Set(authorizations)).toEqual(new Set([`Bearer ${TOKEN}`]));
    const cache = (client as QueryClient | null)?.getQueryCache().getAll() ?? [];
    const keys = cache.map((query) => query.queryKey);
    // The screens' queries are the core's, under its one key family: the course's rows for the learner, the tree.
    const learnerRows = courseQueries.stats.pages({ courseId: 3, userId: 101, courseSessionId: undefined });
    expect(keys.some((key) => partialMatchKey(key, learnerRows))).toBe(true);
    expect(keys).toContainEqual(courseQueries.labelGroups().queryKey);
    const ownKeys = [courseQueries.all(), serverConfigQuery().queryKey];
    for (const key of keys) expect(ownKeys.some((own) => partialMatchKey(key, own))).toBe(true);
    for (const query of cache) expect(query.queryHash).not.toContain(TOKEN);
    const mutations = (client as QueryClient | null)?.getMutationCache().getAll() ?? [];
    for (const mutation of mutations) expect(JSON.stringify(mutation.options.mutationKey ?? null)).not.toContain(TOKEN);
  }, 40_000);
});
