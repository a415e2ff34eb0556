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
  it('starts folded with a summary of the filters, and the Filters button opens and closes it', async () => {
    mockMatchMedia(true);
    const user = userEvent.setup();
    render(<CourseStatsFilterForm initial={{ courseId: '101', userId: '7' }} onSubmit={vi.fn()} />);

    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'User ID' })).not.toBeInTheDocument();
    expect(screen.getByText('Course ID 101 · User ID 7')).toBeVisible();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Show statistics' });
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveValue('7');
    expect(screen.queryByText('Course ID 101 · User ID 7')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('form', { name: 'Show statistics' })).not.toBeInTheDocument();
  });

  it('starts open on a wide screen', () => {
    mockMatchMedia(false);
    render(<CourseStatsFilterForm initial={{ courseId: '101' }} onSubmit={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Course ID' })).toHaveValue('101');
  });
});
