import type { CourseSessionWire } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { CourseStatsPage } from '../routes/course-stats-page';

function serveRows() {
  const requests: URL[] = [];
  serveApi({
    courseStats: ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json([
        courseStatWire({ id: 1, user_id: 1, course_session_id: 71, course_session_name: 'Spring cohort' }),
        courseStatWire({ id: 2, user_id: 2, course_session_id: 72, course_session_name: '<b>Autumn</b> cohort' }),
      ]);
    },
  });
  return requests;
}

const SESSIONS: Record<'active' | 'archived', CourseSessionWire[]> = {
  active: [
    { id: 81, name: 'Open enrolment', started_at: '2026-01-10T09:00:00Z', infinitely: true, finished_at: null },
    { id: 82, name: 'Winter 2026', started_at: '2026-02-01T09:00:00Z', finished_at: '2026-03-31T18:00:00Z' },
  ],
  archived: [
    { id: 61, name: 'Autumn 2025', started_at: '2025-09-01T09:00:00Z', finished_at: '2025-12-20T18:00:00Z' },
    { id: 62, name: 'Été 2025', started_at: '2025-06-01T09:00:00Z', finished_at: '2025-08-20T18:00:00Z' },
  ],
};

function serveSessions(lists: Record<'active' | 'archived', CourseSessionWire[]> = SESSIONS) {
  const requests: URL[] = [];
  serveApi({
    courseSessions: ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const filter = url.searchParams.get('filter') === 'archived' ? 'archived' : 'active';
      return HttpResponse.json(lists[filter]);
    },
  });
  return requests;
}

function renderPage(route = '/courses/7/stats') {
  return renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });
}

/** The options of the Session field's list, shown or not. */
function optionNames(): Array<string | null> {
  const listId = screen.getByRole('combobox', { name: 'Session' }).getAttribute('aria-controls');
  const listbox = document.getElementById(listId ?? '');
  if (!listbox) throw new Error('the Session field controls no list');
  return [...listbox.querySelectorAll('[role="option"]')].map((option) => option.textContent);
}

/** The Session combobox once the session list is in (it is asked for after the first rows). */
async function sessionCombobox() {
  const combobox = screen.getByRole('combobox', { name: 'Session' });
  await waitFor(() => expect(combobox).toHaveAccessibleDescription('Type a name or an ID.'));
  return combobox;
}

describe('the Session filter, where the LMS lists the sessions', () => {
  it('lists them by name, active first, then archived, each with its dates, and applies the one chosen', async () => {
    const requests = serveSessions();
    serveRows();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const combobox = screen.getByRole('combobox', { name: 'Session' });
    // "All sessions" is what an empty field means.
    expect(combobox).toHaveValue('');
    expect(combobox).toHaveAttribute('placeholder', 'All sessions');
    await waitFor(() =>
      expect(requests.map((url) => url.searchParams.get('filter')).sort()).toEqual(['active', 'archived']),
    );

    await user.click(combobox);
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toEqual([
      'All sessions',
      'Winter 2026 Feb 1, 2026 – Mar 31, 2026',
      'Open enrolment from Jan 10, 2026',
      'Autumn 2025 Sep 1, 2025 – Dec 20, 2025',
      'Été 2025 Jun 1, 2025 – Aug 20, 2025',
    ]);
    const listbox = screen.getByRole('listbox', { name: 'Sessions' });
    expect(within(within(listbox).getByRole('group', { name: 'Active' })).getAllByRole('option')).toHaveLength(2);
    expect(within(listbox).getByRole('group', { name: 'Archived' })).toHaveTextContent(/^ArchivedAutumn 2025/);
    expect(screen.getByRole('option', { name: 'All sessions' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    const autumn = screen.getByRole('option', { name: /^Autumn 2025/ });
    expect(combobox).toHaveAttribute('aria-activedescendant', autumn.id);
    await user.keyboard('{Enter}');
    expect(combobox).toHaveValue('Autumn 2025');
    expect(router.state.location.search).toBe('');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?course_session_id=61'));
    // The field names the session of the link, once the list is in.
    expect(await screen.findByDisplayValue('Autumn 2025')).toHaveRole('combobox');
  });

  it('narrows the list to the names or IDs typed, archived sessions included, accents ignored', async () => {
    serveSessions();
    serveRows();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const combobox = await sessionCombobox();
    await user.type(combobox, 'ete');
    expect(optionNames()).toEqual(['Été 2025 Jun 1, 2025 – Aug 20, 2025']);
    expect(screen.getByText('1 session')).toHaveRole('status');
    await user.clear(combobox);
    // A number is an ID first (Enter takes it), then a part of names.
    await user.type(combobox, '2025');
    expect(optionNames()).toEqual([
      'Session 2025 by ID',
      'Autumn 2025 Sep 1, 2025 – Dec 20, 2025',
      'Été 2025 Jun 1, 2025 – Aug 20, 2025',
    ]);
    await user.clear(combobox);
    await user.type(combobox, 'zzz');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('No session matches.')).toHaveRole('status');
  });

  it('takes an ID, listed or not', async () => {
    serveSessions();
    serveRows();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const combobox = await sessionCombobox();
    await user.type(combobox, '82');
    expect(optionNames()[0]).toBe('Winter 2026 Feb 1, 2026 – Mar 31, 2026');
    await user.clear(combobox);
    await user.type(combobox, '999');
    expect(optionNames()).toEqual(['Session 999 by ID']);
    expect(screen.getByText('No session in the list has ID 999; Show applies it all the same.')).toHaveRole('status');
    await user.keyboard('{Enter}');
    expect(combobox).toHaveValue('999');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course_session_id=999'));
  });

  it('takes the option active when the focus leaves, and the whole name of one session typed', async () => {
    serveSessions();
    serveRows();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const combobox = await sessionCombobox();
    await user.type(combobox, 'win');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course_session_id=82'));

    const field = await screen.findByDisplayValue('Winter 2026');
    await user.clear(field);
    await user.type(field, 'open enrolment{Escape}');
    expect(field).toHaveValue('open enrolment');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course_session_id=81'));
  });

  it('refuses a number that is no ID, and a name no session has, keeping the text', async () => {
    serveSessions();
    const requests = serveRows();
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?course_session_id=61');
    await screen.findByRole('button', { name: 'Learner 1' });
    const combobox = await sessionCombobox();
    await waitFor(() => expect(combobox).toHaveValue('Autumn 2025'));
    const before = requests.length;

    await user.clear(combobox);
    await user.type(combobox, '007');
    // Not an ID: nothing in the list is chosen by Enter, or by leaving the field.
    expect(combobox).not.toHaveAttribute('aria-activedescendant');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(combobox).toHaveAccessibleDescription('Session ID must not start with 0. Type a name or an ID.');
    expect(combobox).toHaveAttribute('aria-invalid', 'true');
    expect(combobox).toHaveFocus();
    expect(combobox).toHaveValue('007');

    await user.clear(combobox);
    await user.type(combobox, 'Summer{Escape}');
    expect(combobox).toHaveAccessibleDescription(
      'No session is called “Summer”. Choose one from the list, or type its ID. Type a name or an ID.',
    );
    await user.keyboard('{Enter}');
    expect(combobox).toHaveValue('Summer');
    expect(router.state.location.search).toBe('?course_session_id=61');
    expect(requests.length).toBe(before);

    // Escape with the list closed puts the session back, and the message goes with the text.
    await user.keyboard('{Escape}');
    expect(combobox).toHaveValue('Autumn 2025');
    expect(combobox).not.toHaveAttribute('aria-invalid');
  });

  it('means all sessions when emptied', async () => {
    serveSessions();
    serveRows();
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?course_session_id=61');
    await screen.findByRole('button', { name: 'Learner 1' });
    const combobox = await sessionCombobox();
    await waitFor(() => expect(combobox).toHaveValue('Autumn 2025'));
    await user.clear(combobox);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('the Session filter, where the LMS lists no sessions', () => {
  it.each([
    ['404', () => HttpResponse.json({ error: 'Not found' }, { status: 404 })],
    ['403', () => HttpResponse.json({ error: 'Forbidden' }, { status: 403 })],
    ['405', () => HttpResponse.json({ error: 'Method not allowed' }, { status: 405 })],
    ['an answer that is not a list', () => HttpResponse.json({ sessions: 'none' })],
    ['two empty lists', () => HttpResponse.json([])],
  ])('is a plain ID field named "Session" after %s, and the number works', async (_what, answer) => {
    serveApi({ courseSessions: answer });
    serveRows();
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?course_session_id=61');
    await screen.findByRole('button', { name: 'Learner 1' });
    const field = await screen.findByRole('textbox', { name: 'Session' });
    expect(screen.queryByRole('combobox', { name: 'Session' })).not.toBeInTheDocument();
    expect(field).toHaveValue('61');
    expect(field).toHaveAccessibleDescription('This LMS lists no sessions: type an ID.');
    expect(field).toHaveAttribute('inputmode', 'numeric');

    await user.clear(field);
    await user.type(field, 'cohort');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(field).toHaveAccessibleDescription(
      'Session ID must be a whole number greater than 0, such as 42. This LMS lists no sessions: type an ID.',
    );
    expect(router.state.location.search).toBe('?course_session_id=61');

    await user.clear(field);
    await user.type(field, '72{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?course_session_id=72'));
  });
});
