/**
 * Nothing moves under the pointer. While the list is still arriving, or while the pointer or the focus is in it,
 * the order is `held`: a row already shown keeps its place, a row that no longer matches drops out (the rows below
 * it close up), and rows new to the result are added below, in their sorted order. Otherwise the order is simply
 * `sortedNow`: it settles when reading ends or the pointer leaves.
 *
 * `shown` is the order on screen, `sortedNow` the current result in its sorted order; each id appears once.
 */
export function stableOrder<Id>(shown: readonly Id[], sortedNow: readonly Id[], held: boolean): Id[] {
  if (!held) return [...sortedNow];
  const now = new Set(sortedNow);
  const placed = new Set<Id>();
  const order: Id[] = [];
  for (const id of [...shown, ...sortedNow]) {
    if (now.has(id) && !placed.has(id)) {
      placed.add(id);
      order.push(id);
    }
  }
  return order;
}
