import { hashKey, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';

/** How far a whole-course load has read: rows and the pages that held them. */
export interface ReadSoFar {
  items: number;
  pages: number;
}

interface Entry {
  value: ReadSoFar | null;
  listeners: Set<() => void>;
}

/**
 * Progress of whole-course loads, beside the query cache rather than in it: writing it into the query's data
 * would re-render everything that reads the rows (the table, the summary, the overview) on every page, while
 * only the progress line needs it. One store per query client, so a sign-out's new client starts empty.
 */
const stores = new WeakMap<QueryClient, Map<string, Entry>>();

function storeOf(client: QueryClient): Map<string, Entry> {
  let store = stores.get(client);
  if (!store) {
    store = new Map();
    stores.set(client, store);
  }
  return store;
}

function entryFor(client: QueryClient, hash: string): Entry {
  const store = storeOf(client);
  let entry = store.get(hash);
  if (!entry) {
    entry = { value: null, listeners: new Set() };
    store.set(hash, entry);
  }
  return entry;
}

/** An entry nobody watches and that holds nothing goes. */
function forgetIfUnused(client: QueryClient, hash: string, entry: Entry): void {
  if (entry.value === null && entry.listeners.size === 0) storeOf(client).delete(hash);
}

/** Null once the rows on screen are everything read (the screen then counts them itself). */
export function setReadSoFar(client: QueryClient, queryKey: QueryKey, value: ReadSoFar | null): void {
  const hash = hashKey(queryKey);
  const entry = entryFor(client, hash);
  if (entry.value !== value) {
    entry.value = value;
    for (const listener of entry.listeners) listener();
  }
  forgetIfUnused(client, hash, entry);
}

/**
 * The progress of the load of `queryKey`; re-renders only the component that asks.
 *
 * While `held` is true, new progress does not re-render it: the caller holds it while a deferred render of the
 * rows is under way, because every synchronous render (this one, every 100 ms) would make React start that
 * background render over, and on a busy machine it would then never finish. The value is read again on the
 * caller's next render, which the finished rows bring.
 */
export function useReadSoFar(queryKey: QueryKey, held = false): ReadSoFar | null {
  const client = useQueryClient();
  const heldRef = useRef(held);
  useLayoutEffect(() => {
    heldRef.current = held;
  }, [held]);
  // The key's hash, not the key array (a new array on every render), decides when to subscribe again.
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (listener: () => void) => {
      const entry = entryFor(client, hash);
      const notify = () => {
        if (!heldRef.current) listener();
      };
      entry.listeners.add(notify);
      return () => {
        entry.listeners.delete(notify);
        forgetIfUnused(client, hash, entry);
      };
    },
    [client, hash],
  );
  return useSyncExternalStore(subscribe, () => storeOf(client).get(hash)?.value ?? null);
}
