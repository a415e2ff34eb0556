import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyButton } from './copy-button';

function renderButton(getText = () => 'a@x.com\nb@y.org') {
  render(
    <CopyButton
      label="Copy emails"
      getText={getText}
      copiedMessage={(text) => `Copied ${text.split('\n').length} addresses.`}
      failedMessage="Copying was not allowed."
      fallbackLabel="Text to copy"
    />,
  );
}

describe('CopyButton', () => {
  it('copies the text and says so', async () => {
    const user = userEvent.setup();
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Copy emails' }));
    expect(await navigator.clipboard.readText()).toBe('a@x.com\nb@y.org');
    expect(screen.getByRole('status')).toHaveTextContent('Copied 2 addresses.');
  });

  it('offers the text in a selected field when the browser refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    renderButton();
    await user.click(screen.getByRole('button', { name: 'Copy emails' }));
    expect(await screen.findByText('Copying was not allowed.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Text to copy' });
    expect(field).toHaveValue('a@x.com\nb@y.org');
    expect(field).toHaveFocus();
  });
});
