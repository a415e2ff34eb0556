import { useCallback, useSyncExternalStore } from 'react';

export { PHONE_QUERY } from './media-queries';

/**
 * One list per query, kept: a render reads `.matches` of it. matchMedia itself parses the query and works it out
 * afresh, 4 ms of each keystroke's render in the overview's search; `.matches` of a kept list is worked out again
 * only when the viewport changes. Kept per matchMedia, which a test DOM may swap.
 */
let lists = new Map<string, MediaQueryList>();
let listsOf: typeof window.matchMedia | undefined;

function mediaQueryList(query: string): MediaQueryList | null {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return null;
  if (listsOf !== window.matchMedia) {
    listsOf = window.matchMedia;
    lists = new Map();
  }
  let list = lists.get(query);
  if (list === undefined) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a media query matches now, following changes; false where matchMedia is missing (test DOMs). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaQueryList(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaQueryList(query)?.matches ?? false,
    () => false,
  );
}
