import type { CourseStatWire } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseWire, failCourses } from '@/features/courses/courses-test-support';
import { LocaleProvider } from '@/lib/i18n';
import { serveApi } from '@/testing/api-handlers';
import { courseStatWire } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { Component as CourseStatsScreen } from './course-stats';

// The statistics screen as the app composes it: the course list's Course field in the page's header, the page's
// own Session filter in its form. One control for each, whether the LMS lists courses and sessions or not.

const VIEW = '/courses/1/stats?user_id=7&course_session_id=61&per_page=25';

function serveRows() {
  serveApi({
    courseStats: ({ params }) =>
      Array.from({ length: 3 }, (_, index): CourseStatWire => {
        const row = courseStatWire({ id: index + 1, user_id: 7, course_session_id: 61 });
        return { ...row, course_id: Number(params.course_id), coursename: `Course number ${String(params.course_id)}` };
      }),
  });
}

function serveSessions() {
  serveApi({
    courseSessions: ({ url }) =>
      url.searchParams.get('filter') === 'archived'
        ? [{ id: 61, name: 'Autumn 2025', started_at: '2025-09-01T09:00:00Z', finished_at: '2025-12-20T18:00:00Z' }]
        : [{ id: 81, name: 'Open enrolment', started_at: '2026-01-10T09:00:00Z', infinitely: true }],
  });
}

function renderScreen(language?: 'ru') {
  const screenElement = language ? (
    <LocaleProvider initial={language}>
      <CourseStatsScreen />
    </LocaleProvider>
  ) : (
    <CourseStatsScreen />
  );
  return renderWithProviders(screenElement, { route: VIEW, path: '/courses/:courseId/stats' });
}

/** Every field to type in labelled Course or Session, or by the words for their IDs (the Columns menu has such checkboxes). */
const courseAndSessionControls = () =>
  screen.getAllByLabelText(/^(Course|Session)( ID)?$/).filter((element) => element.getAttribute('type') === 'text');

describe('the statistics screen: one control for the course, one for the session', () => {
  it('where the LMS lists both: two comboboxes, and the course opens by a number typed', async () => {
    serveApi({ courses: [courseWire(1, { name: 'Algebra' }), courseWire(2, { name: 'Biology' })] });
    serveSessions();
    serveRows();
    const user = userEvent.setup();
    const { router } = renderScreen();
    const course = screen.getByRole('combobox', { name: 'Course' });
    const session = screen.getByRole('combobox', { name: 'Session' });
    await waitFor(() => expect(session).toHaveValue('Autumn 2025'));
    await waitFor(() => expect(course).toHaveValue('Course number 1'));
    expect(courseAndSessionControls()).toEqual([course, session]);

    // A course the list does not hold opens by its number, with the filters that still apply there.
    await user.click(course);
    await user.keyboard('42');
    expect(within(screen.getByRole('listbox', { name: 'Courses' })).getAllByRole('option')[0]).toHaveTextContent(
      'Course 42 by ID',
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/42/stats'));
    expect(router.state.location.search).toBe('?user_id=7&per_page=25');
  });

  it('where the LMS lists neither: two plain ID fields under the same names, and both numbers work', async () => {
    failCourses(404);
    serveApi({ courseSessions: () => HttpResponse.json({ error: 'Not found' }, { status: 404 }) });
    serveRows();
    const user = userEvent.setup();
    const { router } = renderScreen();
    const course = await screen.findByRole('textbox', { name: 'Course' });
    const session = await screen.findByRole('textbox', { name: 'Session' });
    expect(course).toHaveValue('1');
    expect(session).toHaveValue('61');
    expect(courseAndSessionControls()).toEqual([course, session]);
    expect(screen.queryByRole('combobox', { name: /course|session/i })).not.toBeInTheDocument();

    await user.clear(session);
    await user.type(session, '72');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?user_id=7&course_session_id=72&per_page=25'));

    const courseNow = screen.getByRole('textbox', { name: 'Course' });
    await user.clear(courseNow);
    await user.type(courseNow, '9{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/9/stats'));
    expect(router.state.location.search).toBe('?user_id=7&per_page=25');
  });

  it('names them the same in Russian', async () => {
    failCourses(405);
    serveSessions();
    serveRows();
    renderScreen('ru');
    expect(await screen.findByRole('textbox', { name: 'Курс' })).toHaveAccessibleDescription(
      'Эта LMS не даёт списка курсов: введите ID и нажмите Enter.',
    );
    const session = screen.getByRole('combobox', { name: 'Сессия' });
    await waitFor(() => expect(session).toHaveAccessibleDescription('Введите название или ID.'));
    expect(screen.queryByRole('textbox', { name: 'ID курса' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'ID сессии' })).not.toBeInTheDocument();
  });
});
