import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { CourseShortcuts } from './course-shortcuts';

function renderIndex() {
  return renderWithProviders(<CourseShortcuts />, {
    route: '/courses',
    path: '/courses',
    extraRoutes: <Route path="/courses/:courseId/stats" element={<p>stats page</p>} />,
  });
}

describe('CourseShortcuts', () => {
  it('opens the statistics of the course entered, with its filters', async () => {
    const user = userEvent.setup();
    const { router } = renderIndex();
    await user.type(screen.getByRole('textbox', { name: 'Course ID' }), '42');
    await user.type(screen.getByRole('textbox', { name: 'Session ID' }), '3');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/42/stats'));
    expect(router.state.location.search).toBe('?course_session_id=3');
  });

  it('refuses an invalid course id and stays', async () => {
    const user = userEvent.setup();
    const { router } = renderIndex();
    await user.type(screen.getByRole('textbox', { name: 'Course ID' }), '4.2');
    await user.keyboard('{Enter}');
    expect(screen.getByText('Course ID must be a whole number greater than 0, such as 42.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/courses');
  });

  it('lists the courses opened before, as links, and forgets them on request', async () => {
    window.localStorage.setItem(
      'course-stats-dashboard:recent-courses',
      JSON.stringify([
        { id: 8, name: '<script>alert(1)</script>' },
        { id: 7, name: null },
      ]),
    );
    const user = userEvent.setup();
    const { container } = renderIndex();
    expect(screen.getByRole('link', { name: '<script>alert(1)</script>' })).toHaveAttribute('href', '/courses/8/stats');
    expect(screen.getByRole('link', { name: 'Course 7' })).toHaveAttribute('href', '/courses/7/stats');
    expect(container.querySelector('script')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Forget these courses' }));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(window.localStorage.getItem('course-stats-dashboard:recent-courses')).toBeNull();
  });

  it('says where recent courses will appear when there are none', () => {
    renderIndex();
    expect(screen.getByText('Courses you open are listed here, on this device only.')).toBeInTheDocument();
  });
});
