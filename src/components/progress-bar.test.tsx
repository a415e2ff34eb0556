import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './progress-bar';

describe('ProgressBar', () => {
  it.each([
    [50, '50', '50%'],
    [140, '100', '100%'],
    [-5, '0', '0%'],
    [Number.NaN, '0', '0%'],
    [null, '0', '0%'],
  ])('shows %s as %s of 100 with the number', (value, now, text) => {
    render(<ProgressBar value={value} label="Progress of Ann" />);
    const bar = screen.getByRole('progressbar', { name: 'Progress of Ann' });
    expect(bar).toHaveAttribute('aria-valuenow', now);
    expect(bar).toHaveAttribute('aria-valuemin', '0');
    expect(bar).toHaveAttribute('aria-valuemax', '100');
    expect(bar).toHaveAttribute('aria-valuetext', text);
    expect(screen.getByText(text)).toBeInTheDocument();
  });
});
