import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useDisclosure } from './use-disclosure';

function Menu() {
  const { open, close, panelId, containerProps, buttonProps } = useDisclosure();
  return (
    <div {...containerProps}>
      <button {...buttonProps}>Views</button>
      <div id={panelId} hidden={!open}>
        <button type="button" onClick={() => close({ returnFocus: true })}>
          Pick
        </button>
      </div>
    </div>
  );
}

function renderMenu() {
  return render(
    <>
      <Menu />
      <p>Elsewhere</p>
    </>,
  );
}

describe('useDisclosure', () => {
  it('toggles its panel from the button, which says whether it is open and names the panel', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Views' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeVisible();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape inside it and gives focus back to the button', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Views' });
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Pick' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on a click elsewhere, and from inside when asked, focus going back to the button', async () => {
    const user = userEvent.setup();
    renderMenu();
    const button = screen.getByRole('button', { name: 'Views' });
    await user.click(button);
    await user.click(screen.getByText('Elsewhere'));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Pick' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
