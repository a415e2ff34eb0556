import { courseStatSchema, type CourseStatWire } from '@contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { CertificateCell, DeadlineCell, RelativeTime, StatusCell } from './cells';

const stat = (overrides: Partial<CourseStatWire> = {}) => courseStatSchema.parse(courseStatWire(overrides));

beforeEach(() => {
  // Only the clock is fake: promises and timers run as usual.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-13T12:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('StatusCell', () => {
  it.each([
    [{ progress: 0, progress_percent: 0 }, 'Not started'],
    [{ progress: 10, progress_percent: 10 }, 'In progress'],
    [{ completed: true, success: true }, 'Passed'],
    [{ completed: true, success: false }, 'Not passed'],
  ])('shows %j as "%s"', (overrides, label) => {
    render(<StatusCell stat={stat(overrides)} />);
    expect(screen.getByText(label)).toHaveClass('badge');
  });
});

describe('DeadlineCell', () => {
  it('says "No deadline" for none', () => {
    render(<DeadlineCell stat={stat({ deadline: null })} />);
    expect(screen.getByText('No deadline')).toBeInTheDocument();
  });

  it('marks a passed deadline as overdue when not completed', () => {
    render(<DeadlineCell stat={stat({ deadline: '2026-11-01T09:00:00Z' })} />);
    expect(screen.getByText('Overdue')).toHaveClass('badge-danger');
    expect(screen.getByRole('time')).toHaveAttribute('datetime', '2026-11-01T09:00:00Z');
  });

  it('does not mark a completed course or a future deadline as overdue', () => {
    const { rerender } = render(<DeadlineCell stat={stat({ deadline: '2026-11-01T09:00:00Z', completed: true })} />);
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
    rerender(<DeadlineCell stat={stat({ deadline: '2026-12-01T09:00:00Z' })} />);
    expect(screen.queryByText('Overdue')).not.toBeInTheDocument();
  });
});

describe('RelativeTime', () => {
  it('says how long ago, and gives the exact time as a description reachable by focus', async () => {
    const user = userEvent.setup();
    render(<RelativeTime iso="2026-11-10T12:00:00Z" />);
    const time = screen.getByText('3 days ago');
    const focusable = time.closest('[tabindex="0"]');
    expect(focusable).not.toBeNull();
    await user.tab();
    expect(focusable).toHaveFocus();
    const tip = screen.getByRole('tooltip', { hidden: true });
    expect(focusable).toHaveAttribute('aria-describedby', tip.id);
    expect(tip.textContent).toMatch(/2026/);
  });

  it('says "Never" for no activity', () => {
    render(<RelativeTime iso={null} />);
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.queryByRole('tooltip', { hidden: true })).not.toBeInTheDocument();
  });

  it('reads an empty last_activity from the API as "Never"', () => {
    render(<RelativeTime iso={stat({ last_activity: '' }).last_activity} />);
    expect(screen.getByText('Never')).toBeInTheDocument();
  });
});

describe('CertificateCell', () => {
  it('links an https certificate in a new tab without an opener', () => {
    render(<CertificateCell stat={stat({ cert_file: 'https://files.example.com/c.pdf' })} />);
    const link = screen.getByRole('link', { name: 'Certificate' });
    expect(link).toHaveAttribute('href', 'https://files.example.com/c.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['vbscript:x'],
    ['/cert.pdf'],
    ['//evil.example/c.pdf'],
    [' https://files.example.com/c.pdf'],
    [null],
  ])('shows a dash, not a link, for %j', (cert_file) => {
    const { container } = render(<CertificateCell stat={stat({ cert_file })} />);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('—');
  });
});
