import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CourseStatsFilterForm } from './course-stats-filter-form';

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

describe('CourseStatsFilterForm on a narrow screen', () => {
  it('keeps the course field in view and folds the others, with a summary of what they hold', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    render(<CourseStatsFilterForm initial={{ courseId: '101', userId: '7' }} onSubmit={vi.fn()} />);

    expect(screen.getByRole('textbox', { name: 'Course ID' })).toHaveValue('101');
    expect(screen.getByRole('button', { name: 'Show' })).toBeVisible();
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'User ID' })).not.toBeInTheDocument();
    expect(screen.getByText('User ID 7')).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const userId = screen.getByRole('textbox', { name: 'User ID' });
    expect(userId).toHaveValue('7');
    expect(document.getElementById(toggle.getAttribute('aria-controls') ?? '')).toContainElement(userId);
    expect(screen.queryByText('User ID 7')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'User ID' })).not.toBeInTheDocument();
  });

  it('unfolds a folded field that holds a problem and gives it focus', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<CourseStatsFilterForm initial={{ courseId: '101', userId: 'abc' }} onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows every field on a wide screen, with no fold', () => {
    mockMatchMedia(false);
    render(<CourseStatsFilterForm initial={{ courseId: '101' }} onSubmit={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Course ID' })).toHaveValue('101');
    expect(screen.getByRole('textbox', { name: 'User ID' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Session ID' })).toBeVisible();
  });
});
