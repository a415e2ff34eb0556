import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ShellMenu } from './shell-menu';

function renderMenu() {
  return render(
    <>
      <ShellMenu label="Menu">
        <button type="button">Sign out</button>
      </ShellMenu>
      <p>Elsewhere</p>
    </>,
  );
}

describe('ShellMenu', () => {
  it('is a disclosure: Enter opens it, Escape closes it and gives focus back', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('button', { name: 'Sign out' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveAttribute('data-open');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByText('Elsewhere'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
