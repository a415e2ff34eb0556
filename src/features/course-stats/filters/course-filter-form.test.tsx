import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CourseFilterForm } from './course-filter-form';
import type { SessionChoices } from './session-choices';

/** A screen that matches (or not) every media query asked. */
function mockMatchMedia(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('CourseFilterForm where no course is open yet, on a narrow screen', () => {
  it('keeps the course field and Show in view and folds the others, with a summary of what they hold', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    render(<CourseFilterForm sessions={null} onSubmit={vi.fn()} />);

    await user.type(screen.getByRole('textbox', { name: 'Course ID' }), '101');
    expect(screen.getByRole('button', { name: 'Show' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'User ID' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const userId = screen.getByRole('textbox', { name: 'User ID' });
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(userId);
    await user.type(userId, '7');
    await user.type(screen.getByRole('textbox', { name: 'Session ID' }), '5');
    expect(screen.queryByText('User ID 7 · Session ID 5')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'User ID' })).not.toBeInTheDocument();
    expect(screen.getByText('User ID 7 · Session ID 5')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Course ID' })).toHaveValue('101');
  });

  it('unfolds a folded field that holds a problem and gives it focus', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<CourseFilterForm sessions={null} onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Course ID' }), '101');
    const toggle = screen.getByRole('button', { name: 'Filters' });
    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'User ID' }), 'abc');
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a missing course with the fold left as it is, and submits the course with its filters', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<CourseFilterForm sessions={null} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    const courseId = screen.getByRole('textbox', { name: 'Course ID' });
    expect(courseId).toHaveFocus();
    expect(courseId).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'false');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(courseId, '101');
    expect(courseId).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await user.type(screen.getByRole('textbox', { name: 'Session ID' }), '3');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(onSubmit).toHaveBeenCalledWith({ courseId: 101, userId: undefined, courseSessionId: 3 });
  });

  it('shows every field on a wide screen, with no fold', () => {
    mockMatchMedia(false);
    render(<CourseFilterForm sessions={null} onSubmit={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Course ID' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'User ID' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Session ID' })).toBeVisible();
  });
});

const SESSIONS: SessionChoices = {
  active: [{ id: 81, name: 'Open enrolment', started_at: null, finished_at: null, infinitely: true }],
  archived: [{ id: 61, name: 'Autumn 2025', started_at: null, finished_at: null, infinitely: false }],
};

describe('CourseFilterForm (the statistics page) on a narrow screen', () => {
  it('folds every filter and Show behind Filters, with a summary of what they hold', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    render(<CourseFilterForm initial={{ userId: 7, courseSessionId: 61 }} sessions={SESSIONS} onSubmit={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Show' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Session' })).not.toBeInTheDocument();
    expect(screen.getByText('User ID 7 · Session Autumn 2025')).toBeVisible();

    await user.click(toggle);
    const fold = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(fold).toContainElement(screen.getByRole('combobox', { name: 'Session' }));
    expect(screen.getByRole('combobox', { name: 'Session' })).toHaveValue('Autumn 2025');
    expect(fold).toContainElement(screen.getByRole('button', { name: 'Show' }));
    expect(screen.queryByText('User ID 7 · Session Autumn 2025')).not.toBeInTheDocument();
  });

  it('checks on Show, gives the field refused the focus, and sums up what the fold holds', async () => {
    mockMatchMedia(true);
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <CourseFilterForm
        initial={{ userId: undefined, courseSessionId: undefined }}
        sessions="unlisted"
        onSubmit={onSubmit}
      />,
    );
    const toggle = screen.getByRole('button', { name: 'Filters' });
    await user.click(toggle);
    await user.type(screen.getByRole('textbox', { name: 'Session' }), '0');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('textbox', { name: 'Session' })).toHaveFocus();
    expect(screen.getByText('Session ID must be greater than 0.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    await user.click(toggle);
    expect(screen.getByText('Session 0')).toBeVisible();
  });

  it('shows the filters and Show on a wide screen, with no fold', async () => {
    mockMatchMedia(false);
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(
      <CourseFilterForm initial={{ userId: 7, courseSessionId: undefined }} sessions={SESSIONS} onSubmit={onSubmit} />,
    );
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('combobox', { name: 'Session' }), 'open{Enter}');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(onSubmit).toHaveBeenCalledWith({ userId: 7, courseSessionId: 81 });
  });
});
