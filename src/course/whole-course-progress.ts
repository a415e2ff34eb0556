import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useReducer, useRef } from 'react';

/** How far a whole-course load has read: rows and the pages that held them. */
export interface ReadSoFar {
  items: number;
  pages: number;
}

/**
 * The progress of whole-course loads, by query key hash, with one set of listeners: a subscription beside the
 * query cache rather than data in it, because writing it into the query's data would re-render everything that
 * reads the rows (the table, the summary, the overview) on every page, while only the progress line needs it.
 * Every listener hears every change and reads its own key (few lines listen, and React skips an unchanged value).
 * One per query client, so a sign-out's new client starts empty; a load's last report (null) removes its entry.
 */
interface ProgressStore {
  values: Map<string, ReadSoFar>;
  listeners: Set<() => void>;
}

const stores = new WeakMap<QueryClient, ProgressStore>();

function storeOf(client: QueryClient): ProgressStore {
  let store = stores.get(client);
  if (!store) {
    store = { values: new Map(), listeners: new Set() };
    stores.set(client, store);
  }
  return store;
}

/** Null once the rows on screen are everything read (the screen then counts them itself). */
export function setReadSoFar(client: QueryClient, queryKey: QueryKey, value: ReadSoFar | null): void {
  const { values, listeners } = storeOf(client);
  const hash = hashKey(queryKey);
  if ((values.get(hash) ?? null) === value) return;
  if (value === null) values.delete(hash);
  else values.set(hash, value);
  for (const listener of listeners) listener();
}

/**
 * The progress of the load of `queryKey`; re-renders only the component that asks.
 *
 * While `held` is true, new progress does not re-render it: the caller holds it while a deferred render of the
 * rows is under way, because every synchronous render (this one, every 100 ms) would make React start that
 * background render over, and on a busy machine it would then never finish. The value is read again on the
 * caller's next render, which the finished rows bring.
 *
 * Read as it is at each render, with a subscription of its own, rather than with useSyncExternalStore: React
 * checks every store a background render read once that render is done, and when one has moved meanwhile
 * (progress moves with every page) it renders the whole thing again, synchronously, in one long task: the very
 * render the hold is there to keep in the background. A progress line a page behind for a moment is no harm.
 */
export function useReadSoFar(queryKey: QueryKey, held = false): ReadSoFar | null {
  const store = storeOf(useQueryClient());
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const heldRef = useRef(held);
  useLayoutEffect(() => {
    heldRef.current = held;
  }, [held]);
  useEffect(() => {
    const notify = () => {
      if (!heldRef.current) rerender();
    };
    store.listeners.add(notify);
    return () => {
      store.listeners.delete(notify);
    };
  }, [store]);
  // The key's hash, not the key array (a new array on every render), is what is read.
  return store.values.get(hashKey(queryKey)) ?? null;
}
