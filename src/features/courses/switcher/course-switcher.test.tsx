import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { courseWire, failCourses } from '../courses-test-support';
import { CourseSwitcher } from './course-switcher';

function SwitcherAtRoute() {
  const courseId = Number(useParams().courseId);
  return (
    <CourseSwitcher
      courseId={courseId}
      courseName={courseId === 1 ? 'Algebra' : null}
      hrefFor={(id) => `/courses/${id}/stats?user_id=7`}
    />
  );
}

function renderSwitcher() {
  return renderWithProviders(<SwitcherAtRoute />, { route: '/courses/1/stats', path: '/courses/:courseId/stats' });
}

const COURSES = [
  courseWire(1, { name: 'Algebra' }),
  courseWire(2, { name: 'Algorithms' }),
  courseWire(3, { name: 'Biology' }),
  courseWire(4, { name: 'Ålgae studies' }),
];

describe('CourseSwitcher', () => {
  it('opens a course chosen by part of its name, with the arrow keys and Enter', async () => {
    serveApi({ courses: COURSES });
    const user = userEvent.setup();
    const { router } = renderSwitcher();
    const combobox = screen.getByRole('combobox', { name: 'Course' });
    expect(combobox).toHaveValue('Algebra');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    await user.click(combobox);
    await user.keyboard('alg');
    await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'true'));
    const listbox = screen.getByRole('listbox', { name: 'Courses' });
    expect(combobox).toHaveAttribute('aria-controls', listbox.id);
    // Accents do not matter: "Ålgae" matches "alg". Most recently active first.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Algebra ID 1',
      'Algorithms ID 2',
      'Ålgae studies ID 4',
    ]);
    expect(combobox).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]?.id);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const active = screen.getByRole('option', { name: 'Algorithms ID 2' });
    expect(active).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', active.id);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/2/stats'));
    expect(router.state.location.search).toBe('?user_id=7');
    // The next course's switcher has the focus, and its name from the list.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Course' })).toHaveFocus());
    expect(screen.getByRole('combobox', { name: 'Course' })).toHaveValue('Algorithms');
  });

  it('closes on Escape, then puts the name back on a second Escape', async () => {
    serveApi({ courses: COURSES });
    const user = userEvent.setup();
    const { router } = renderSwitcher();
    const combobox = screen.getByRole('combobox', { name: 'Course' });
    await user.click(combobox);
    await user.keyboard('bio');
    await waitFor(() => expect(combobox).toHaveAttribute('aria-expanded', 'true'));
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(combobox).toHaveValue('bio');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveValue('Algebra');
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/courses/1/stats');
  });

  it('says when nothing matches, and keeps the course', async () => {
    serveApi({ courses: COURSES });
    const user = userEvent.setup();
    renderSwitcher();
    const combobox = screen.getByRole('combobox', { name: 'Course' });
    await user.click(combobox);
    await user.keyboard('zzz');
    expect(await screen.findByText('No course matches.')).toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers a course by the ID typed, listed or not, and Enter opens it', async () => {
    serveApi({ courses: COURSES });
    const user = userEvent.setup();
    const { router } = renderSwitcher();
    const combobox = screen.getByRole('combobox', { name: 'Course' });
    expect(combobox).toHaveAccessibleDescription('Type a name or an ID.');
    await user.click(combobox);
    await user.keyboard('3');
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Biology ID 3']),
    );
    await user.keyboard('{Backspace}42');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Course 42 by ID']);
    expect(screen.getByText('No course in the list has ID 42; Enter opens it all the same.')).toHaveRole('status');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/courses/42/stats'));
    expect(router.state.location.search).toBe('?user_id=7');
  });

  it('refuses a number that is no ID under the field, and keeps the text to correct', async () => {
    serveApi({ courses: COURSES });
    const user = userEvent.setup();
    const { router } = renderSwitcher();
    const combobox = screen.getByRole('combobox', { name: 'Course' });
    await user.click(combobox);
    await user.keyboard('01');
    // Nothing in the list is chosen for a number that is no ID.
    expect(combobox).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{Enter}');
    expect(combobox).toHaveAttribute('aria-invalid', 'true');
    expect(combobox).toHaveAccessibleDescription('Course ID must not start with 0. Type a name or an ID.');
    expect(router.state.location.pathname).toBe('/courses/1/stats');
    // The message follows the text, and the text stays when the focus leaves.
    await user.keyboard('{Backspace}{Backspace}1.5');
    expect(combobox).toHaveAccessibleDescription(
      'Course ID must be a whole number greater than 0, such as 42. Type a name or an ID.',
    );
    await user.tab();
    expect(combobox).toHaveValue('1.5');
    await user.click(combobox);
    await user.keyboard('{Escape}{Escape}');
    expect(combobox).toHaveValue('Algebra');
    expect(combobox).not.toHaveAttribute('aria-invalid');
  });

  it.each([
    ['404', () => failCourses(404)],
    ['403', () => failCourses(403)],
    ['405', () => failCourses(405)],
    ['an answer that is not a list', () => failCourses(200, { courses: [] })],
    ['an empty list', () => serveApi({ courses: [] })],
  ])(
    'is a plain ID field named "Course" where the list answers %s, and opens a course by its ID',
    async (_what, answer) => {
      answer();
      const user = userEvent.setup();
      const { router } = renderSwitcher();
      const field = await screen.findByRole('textbox', { name: 'Course' });
      expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
      expect(field).toHaveValue('1');
      expect(field).toHaveAccessibleDescription('This LMS lists no courses: type an ID and press Enter.');
      // The name the page knows stays in view beside it.
      expect(screen.getByText('Algebra')).toBeInTheDocument();

      await user.clear(field);
      await user.type(field, 'Biology{Enter}');
      expect(field).toHaveAccessibleDescription(
        'Course ID must be a whole number greater than 0, such as 42. This LMS lists no courses: type an ID and press Enter.',
      );
      expect(router.state.location.pathname).toBe('/courses/1/stats');
      await user.clear(field);
      await user.type(field, ' 3 {Enter}');
      await waitFor(() => expect(router.state.location.pathname).toBe('/courses/3/stats'));
      expect(router.state.location.search).toBe('?user_id=7');
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Course' })).toHaveFocus());
      expect(screen.getByRole('textbox', { name: 'Course' })).toHaveValue('3');
    },
  );
});
