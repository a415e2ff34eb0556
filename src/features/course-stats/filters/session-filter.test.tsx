import type { CourseSessionWire } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { renderWithProviders } from '@/testing/render';
import { CourseStatsPage } from '../routes/course-stats-page';

const SESSIONS_PATH = '/endpoint/v1/courses/:courseId/course_sessions';

function serveRows() {
  server.use(
    http.get('/endpoint/v1/courses/:courseId/course_stats', () =>
      HttpResponse.json([
        courseStatWire({ id: 1, user_id: 1, course_session_id: 71, course_session_name: 'Spring cohort' }),
        courseStatWire({ id: 2, user_id: 2, course_session_id: 72, course_session_name: '<b>Autumn</b> cohort' }),
      ]),
    ),
  );
}

function serveSessions(lists: Record<'active' | 'archived', CourseSessionWire[]>) {
  const requests: URL[] = [];
  server.use(
    http.get(SESSIONS_PATH, ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const filter = url.searchParams.get('filter') === 'archived' ? 'archived' : 'active';
      return HttpResponse.json(lists[filter]);
    }),
  );
  return requests;
}

function renderPage(route = '/courses/7/stats') {
  return renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

describe('the Session filter', () => {
  it('lists the sessions by name, active first, then archived, each with its dates', async () => {
    const requests = serveSessions({
      active: [
        { id: 81, name: 'Open enrolment', started_at: '2026-01-10T09:00:00Z', infinitely: true, finished_at: null },
        { id: 82, name: 'Winter 2026', started_at: '2026-02-01T09:00:00Z', finished_at: '2026-03-31T18:00:00Z' },
      ],
      archived: [
        { id: 61, name: 'Autumn 2025', started_at: '2025-09-01T09:00:00Z', finished_at: '2025-12-20T18:00:00Z' },
      ],
    });
    serveRows();
    const user = userEvent.setup();
    const { router } = renderPage();
    const select = await screen.findByRole('combobox', { name: 'Session' });
    expect(optionTexts(select)).toEqual([
      'All sessions',
      'Winter 2026 · Feb 1, 2026 – Mar 31, 2026',
      'Open enrolment · from Jan 10, 2026',
      'Autumn 2025 · Sep 1, 2025 – Dec 20, 2025',
    ]);
    expect(within(select).getByRole('group', { name: 'Archived' })).toHaveTextContent('Autumn 2025');
    expect(requests.map((url) => url.searchParams.get('filter')).sort()).toEqual(['active', 'archived']);

    await user.selectOptions(select, 'Autumn 2025 · Sep 1, 2025 – Dec 20, 2025');
    expect(screen.getByRole('textbox', { name: 'Session ID' })).toHaveValue('61');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course_session_id=61'));
  });

  it('takes an ID typed by hand, and says the select holds it', async () => {
    serveSessions({ active: [{ id: 81, name: 'Open enrolment' }], archived: [] });
    serveRows();
    const user = userEvent.setup();
    const { router } = renderPage();
    const select = await screen.findByRole('combobox', { name: 'Session' });
    const field = screen.getByRole('textbox', { name: 'Session ID' });
    await user.type(field, '81');
    expect(select).toHaveDisplayValue('Open enrolment');
    await user.clear(field);
    await user.type(field, '999');
    expect(select).toHaveDisplayValue('Session ID 999 (typed)');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course_session_id=999'));
  });

  it('takes the names from the rows loaded where the LMS has no session list', async () => {
    server.use(http.get(SESSIONS_PATH, () => HttpResponse.json({ error: 'Not found' }, { status: 404 })));
    serveRows();
    const { container } = renderPage();
    const select = await screen.findByRole('combobox', { name: 'Session' });
    expect(optionTexts(select)).toEqual(['All sessions', '<b>Autumn</b> cohort', 'Spring cohort']);
    expect(within(select).getByRole('group', { name: 'In the rows loaded' })).toBeInTheDocument();
    expect(container.querySelector('option b')).toBeNull();
  });
});
