import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { courseWire, failCourses, serveCourses } from '../courses-test-support';
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
    serveCourses(COURSES);
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
    serveCourses(COURSES);
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
    serveCourses(COURSES);
    const user = userEvent.setup();
    renderSwitcher();
    const combobox = screen.getByRole('combobox', { name: 'Course' });
    await user.click(combobox);
    await user.keyboard('zzz');
    expect(await screen.findByText('No course matches.')).toBeInTheDocument();
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the name as text where the LMS lists no courses', async () => {
    failCourses(404);
    renderSwitcher();
    expect(await screen.findByText('Course: Algebra')).toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
