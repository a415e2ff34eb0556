import { describe, expect, it } from 'vitest';
import { createResort } from './resort';

interface Item {
  id: number;
  key: number;
}

/** By key, then id: every two items ordered, as the overview's comparators are. */
const byKey = (a: Item, b: Item) => a.key - b.key || a.id - b.id;

/** A fixed sequence of numbers in [0, 1), so that every run sees the same items. */
function sequence(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function items(count: number, random: () => number): Item[] {
  return Array.from({ length: count }, (_, index) => ({ id: index + 1, key: Math.floor(random() * 50) }));
}

describe('createResort', () => {
  it('gives what a sort of the items alone gives, as items change, come and go', () => {
    const random = sequence(7);
    const resort = createResort<Item>((item) => item.id);
    let list = items(300, random);
    for (let round = 0; round < 6; round += 1) {
      expect(resort(list, byKey)).toEqual([...list].sort(byKey));
      // Some keys change, a few items go, a few new ones come, and the list is in another order.
      list = list
        .filter((item) => item.id % 17 !== round)
        .map((item) => (random() < 0.1 ? { ...item, key: Math.floor(random() * 50) } : item))
        .concat(items(5, random).map((item) => ({ ...item, id: 1_000 * (round + 1) + item.id })))
        .reverse();
    }
  });

  it('asks the comparator about once per item when a few items moved since the last sort', () => {
    const random = sequence(11);
    const resort = createResort<Item>((item) => item.id);
    const list = items(5_000, random);
    let asked = 0;
    const counted = (a: Item, b: Item) => {
      asked += 1;
      return byKey(a, b);
    };
    resort(list, counted);
    const fromScratch = asked;
    const moved = list.map((item, index) => (index % 250 === 0 ? { ...item, key: 49 - item.key } : item));
    asked = 0;
    expect(resort(moved, counted)).toEqual([...moved].sort(byKey));
    expect(fromScratch).toBeGreaterThan(40_000);
    expect(asked).toBeLessThan(12_000);
  });
});
