import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxGroup, type ComboboxOption } from './combobox';

const FRUITS = ['Apple', 'Apricot', 'Banana', 'Cherry'];

type Props = {
  groups?: 'grouped' | 'flat' | null;
  autoSelect?: boolean;
  error?: string | null;
  onChoose?: (option: ComboboxOption<string>) => void;
  onEnter?: () => void;
  onLeave?: (option: ComboboxOption<string> | undefined) => void;
  onSubmit?: () => void;
};

/** A field over FRUITS that matches by the start of the name, in a form, as a caller would wire it. */
function Fruits({ groups = 'flat', autoSelect, error = null, onChoose, onEnter, onLeave, onSubmit }: Props) {
  const [text, setText] = useState('Cherry');
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const query = (typed ?? '').toLowerCase();
  const options = FRUITS.filter((fruit) => fruit.toLowerCase().startsWith(query)).map((fruit) => ({
    key: fruit.toLowerCase(),
    value: fruit,
    label: fruit,
    detail: `${fruit.length} letters`,
    current: fruit === text,
  }));
  const grouped: ComboboxGroup<string>[] =
    groups === 'grouped'
      ? [
          { label: 'A to B', options: options.filter((option) => option.value < 'C') },
          { label: 'C on', options: options.filter((option) => option.value >= 'C') },
        ]
      : [{ label: null, options }];
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <Combobox
        id="fruit"
        label="Fruit"
        hint="Type a name."
        groups={groups === null ? null : grouped}
        listLabel="Fruits"
        value={typed ?? text}
        open={open}
        onOpenChange={setOpen}
        onType={setTyped}
        onChoose={(option) => {
          setText(option.value);
          setTyped(null);
          onChoose?.(option);
        }}
        onEnter={onEnter}
        onRevert={() => setTyped(null)}
        onLeave={onLeave}
        autoSelect={autoSelect}
        status={`${options.length} fruits`}
        error={error}
      />
      <button type="submit">Go</button>
    </form>
  );
}

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent);

describe('Combobox', () => {
  it('lists what matches the text typed, moves with the arrow keys and chooses with Enter', async () => {
    const onChoose = vi.fn();
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Fruits onChoose={onChoose} onSubmit={onSubmit} />);
    const combobox = screen.getByRole('combobox', { name: 'Fruit' });
    expect(combobox).toHaveValue('Cherry');
    expect(combobox).toHaveAccessibleDescription('Type a name.');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).toHaveAttribute('aria-autocomplete', 'list');

    await user.clear(combobox);
    await user.type(combobox, 'ap');
    const listbox = screen.getByRole('listbox', { name: 'Fruits' });
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(combobox).toHaveAttribute('aria-controls', listbox.id);
    expect(optionNames()).toEqual(['Apple 5 letters', 'Apricot 7 letters']);
    expect(screen.getByRole('status')).toHaveTextContent('2 fruits');
    // Automatic selection: the first option is active at once; the focus stays in the field.
    const apple = screen.getByRole('option', { name: 'Apple 5 letters' });
    expect(apple).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', apple.id);
    expect(combobox).toHaveFocus();

    await user.keyboard('{ArrowDown}{ArrowDown}');
    const apricot = screen.getByRole('option', { name: 'Apricot 7 letters' });
    expect(apricot).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', apricot.id);
    await user.keyboard('{ArrowUp}');
    expect(apple).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ value: 'Apricot' }));
    // Enter chose an option: the form around the field was not submitted.
    expect(onSubmit).not.toHaveBeenCalled();
    expect(combobox).toHaveValue('Apricot');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(combobox).not.toHaveAttribute('aria-activedescendant');

    // With the list closed, Enter is the form's.
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('opens on Down at the value in force, and chooses with a click', async () => {
    const user = userEvent.setup();
    render(<Fruits />);
    const combobox = screen.getByRole('combobox', { name: 'Fruit' });
    await user.click(combobox);
    await user.keyboard('{ArrowDown}');
    expect(optionNames()).toHaveLength(4);
    expect(screen.getByRole('option', { name: 'Cherry 6 letters' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('option', { name: 'Banana 6 letters' }));
    expect(combobox).toHaveValue('Banana');
    expect(combobox).toHaveFocus();
  });

  it('opens and closes from its button, which never takes the focus from the field', async () => {
    const user = userEvent.setup();
    render(<Fruits />);
    const combobox = screen.getByRole('combobox', { name: 'Fruit' });
    const button = screen.getByRole('button', { name: 'Fruits' });
    expect(button).toHaveAttribute('tabindex', '-1');
    await user.click(combobox);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    // Opened by the button, nothing is active: Enter is still the form's.
    expect(combobox).not.toHaveAttribute('aria-activedescendant');
    expect(combobox).toHaveFocus();
    await user.click(button);
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on Escape, then puts the value back on a second Escape', async () => {
    const user = userEvent.setup();
    render(<Fruits />);
    const combobox = screen.getByRole('combobox', { name: 'Fruit' });
    await user.clear(combobox);
    await user.type(combobox, 'b');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    expect(combobox).toHaveValue('b');
    await user.keyboard('{Escape}');
    expect(combobox).toHaveValue('Cherry');
  });

  it('groups the options under headings', async () => {
    const user = userEvent.setup();
    render(<Fruits groups="grouped" />);
    const combobox = screen.getByRole('combobox', { name: 'Fruit' });
    await user.click(combobox);
    await user.keyboard('{ArrowDown}');
    const listbox = screen.getByRole('listbox', { name: 'Fruits' });
    expect(
      within(listbox)
        .getAllByRole('group')
        .map((group) => group.getAttribute('aria-labelledby')),
    ).toHaveLength(2);
    expect(within(within(listbox).getByRole('group', { name: 'A to B' })).getAllByRole('option')).toHaveLength(3);
    expect(within(within(listbox).getByRole('group', { name: 'C on' })).getAllByRole('option')).toHaveLength(1);
    // The arrow keys run through the groups as one list.
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Apricot 7 letters' })).toHaveAttribute('aria-selected', 'true');
    // A group with nothing in it is left out.
    await user.clear(combobox);
    await user.type(combobox, 'c');
    expect(within(listbox).getAllByRole('group')).toHaveLength(1);
  });

  it('leaves nothing active while typing when told not to choose automatically, and hands Enter over', async () => {
    const onEnter = vi.fn();
    const onChoose = vi.fn();
    const user = userEvent.setup();
    render(<Fruits autoSelect={false} onEnter={onEnter} onChoose={onChoose} />);
    const combobox = screen.getByRole('combobox', { name: 'Fruit' });
    await user.clear(combobox);
    await user.type(combobox, 'a{Enter}');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    expect(combobox).not.toHaveAttribute('aria-activedescendant');
    expect(onEnter).toHaveBeenCalledTimes(1);
    expect(onChoose).not.toHaveBeenCalled();
  });

  it('tells the caller which option was active when the focus left', async () => {
    const onLeave = vi.fn();
    const user = userEvent.setup();
    render(<Fruits onLeave={onLeave} />);
    const combobox = screen.getByRole('combobox', { name: 'Fruit' });
    await user.clear(combobox);
    await user.type(combobox, 'ba');
    await user.tab();
    expect(onLeave).toHaveBeenLastCalledWith(expect.objectContaining({ value: 'Banana' }));
    await user.click(combobox);
    await user.tab();
    expect(onLeave).toHaveBeenLastCalledWith(undefined);
  });

  it('is a plain text field without a list, under the same label, hint and message', async () => {
    const onEnter = vi.fn();
    const user = userEvent.setup();
    render(<Fruits groups={null} onEnter={onEnter} error="No such fruit." />);
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fruits' })).not.toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Fruit' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('No such fruit. Type a name.');
    await user.clear(field);
    await user.type(field, 'ap{ArrowDown}{Enter}');
    expect(field).toHaveValue('ap');
    expect(onEnter).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(field).toHaveValue('Cherry');
  });
});
