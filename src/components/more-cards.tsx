import { useState } from 'react';

/** A list of cards as far as it is built: the items to render, and how to build the next step. */
export interface CardsShown<T> {
  visible: readonly T[];
  total: number;
  step: number;
  more: () => void;
}

/**
 * A phone's list of cards, built a step at a time: the first `step` items, then as many more at each press of the
 * list's "Show more" (MoreCards). A list can hold thousands, each a card of its own.
 */
export function useCardsShown<T>(items: readonly T[], step: number): CardsShown<T> {
  const [limit, setLimit] = useState(step);
  return {
    visible: items.slice(0, limit),
    total: items.length,
    step,
    more: () => setLimit((current) => current + step),
  };
}

export interface MoreCardsProps {
  of: CardsShown<unknown>;
  /** "Showing 50 of 1,200 courses." and "Show 50 more", in the list's own words. */
  texts: { cardsShown: (shown: number, total: number) => string; showMore: (count: number) => string };
  className: string;
}

/** Under a list of cards with more to show: how many are shown, and a button for the next step; nothing once all are. */
export function MoreCards({ of: { visible, total, step, more }, texts, className }: MoreCardsProps) {
  const rest = total - visible.length;
  if (rest <= 0) return null;
  return (
    <p className={className}>
      <span className="muted">{texts.cardsShown(visible.length, total)}</span>
      <button type="button" className="button" onClick={more}>
        {texts.showMore(Math.min(rest, step))}
      </button>
    </p>
  );
}
