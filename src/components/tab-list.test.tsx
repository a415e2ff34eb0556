import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TabList } from './tab-list';

const TABS = ['one', 'two', 'three'] as const;
type Tab = (typeof TABS)[number];

function Tabs() {
  const [selected, setSelected] = useState<Tab>('one');
  return (
    <>
      <TabList
        tabs={TABS}
        selected={selected}
        onSelect={setSelected}
        tabId={(tab) => `tab-${tab}`}
        panelOf={(tab) => (tab === selected ? 'panel' : undefined)}
        label="Numbers"
        labelOf={(tab) => tab.toUpperCase()}
        className="tabs"
        tabClassName="tab"
      />
      <div role="tabpanel" id="panel">
        {selected}
      </div>
    </>
  );
}

describe('TabList', () => {
  it('keeps one tab stop, and the arrows (round the ends), Home and End select the tab they move to', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeInTheDocument();
    expect(tab('ONE')).toHaveAttribute('aria-selected', 'true');
    expect(tab('ONE')).toHaveAttribute('aria-controls', 'panel');
    expect(tab('TWO')).toHaveAttribute('tabindex', '-1');
    expect(tab('TWO')).not.toHaveAttribute('aria-controls');

    await user.tab();
    expect(tab('ONE')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('THREE')).toHaveFocus();
    expect(tab('THREE')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('three');
    await user.keyboard('{ArrowRight}');
    expect(tab('ONE')).toHaveFocus();
    await user.keyboard('{End}');
    expect(tab('THREE')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('ONE')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('TWO')).toHaveAttribute('aria-selected', 'true');
    expect(tab('TWO')).toHaveAttribute('tabindex', '0');
    expect(tab('ONE')).toHaveAttribute('tabindex', '-1');
  });

  it('selects a tab clicked', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    await user.click(screen.getByRole('tab', { name: 'TWO' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('two');
  });
});
