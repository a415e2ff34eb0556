import { useSyncExternalStore } from 'react';

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // One timer for every subscriber; it runs only while someone is listening.
  timer ??= setInterval(() => {
    for (const notify of listeners) notify();
  }, MINUTE / 2);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Whole minutes keep the snapshot stable between renders, and re-render relative times once a minute. */
function getSnapshot(): number {
  return Math.floor(Date.now() / MINUTE) * MINUTE;
}

/** The current time, to the minute, for "3 days ago" and "overdue". */
export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
