import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MoreCards, useCardsShown } from './more-cards';

const texts = {
  cardsShown: (shown: number, total: number) => `Showing ${shown} of ${total}.`,
  showMore: (count: number) => `Show ${count} more`,
};

function Cards({ items, step }: { items: readonly string[]; step: number }) {
  const cards = useCardsShown(items, step);
  return (
    <div>
      <ul aria-label="Cards">
        {cards.visible.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <MoreCards of={cards} texts={texts} className="more" />
    </div>
  );
}

const items = (count: number) => Array.from({ length: count }, (_, index) => `card ${index + 1}`);

describe('useCardsShown and MoreCards', () => {
  it('builds a step of cards at a time, says how many are shown, and offers only what is left', async () => {
    const user = userEvent.setup();
    render(<Cards items={items(12)} step={5} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByText('Showing 5 of 12.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 5 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Showing 10 of 12.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 2 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
  });

  it('shows no button when every card fits in the first step', () => {
    render(<Cards items={items(5)} step={5} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
