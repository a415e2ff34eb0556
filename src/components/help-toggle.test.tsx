import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HelpToggle } from './help-toggle';

describe('HelpToggle', () => {
  it('is a "?" named for screen readers that opens its explanation, which describes its control all along', async () => {
    render(
      <>
        <input type="checkbox" aria-label="Remember" aria-describedby="hint" />
        <HelpToggle label="What is kept" hintId="hint">
          Progress and dates, no names.
        </HelpToggle>
      </>,
    );
    const toggle = screen.getByText('What is kept').closest('summary');
    if (!toggle) throw new Error('the "?" is not a summary');
    expect(screen.getByText('Progress and dates, no names.')).not.toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Remember' })).toHaveAccessibleDescription(
      'Progress and dates, no names.',
    );
    await userEvent.click(toggle);
    expect(screen.getByText('Progress and dates, no names.')).toBeVisible();
  });
});
