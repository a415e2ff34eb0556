import {
  defaultRangeExtractor,
  elementScroll,
  observeElementOffset,
  observeElementRect,
  Virtualizer,
  type Range,
  type VirtualItem,
  type VirtualizerOptions,
} from '@tanstack/react-virtual';
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';

export interface VirtualRowsOptions {
  enabled: boolean;
  count: number;
  /** Every row has this height in pixels; the rows are styled to it. */
  rowHeight: number;
  overscan: number;
  getScrollElement: () => HTMLElement | null;
  /** A row kept in the DOM even when scrolled away: the tree's tab stop must always exist to be focusable. */
  pinnedIndex: number;
}

export interface VirtualRows {
  items: readonly VirtualItem[];
  totalSize: number;
  scrollToIndex: (index: number) => void;
}

interface Snapshot {
  items: readonly VirtualItem[];
  totalSize: number;
}

/**
 * When the scroll element reports no height (jsdom, or not laid out yet) assume this much, so the first screen of
 * rows renders instead of none. A real layout replaces it at once.
 */
const FALLBACK_VIEWPORT_PX = 600;

const observeRectWithFallback: VirtualizerOptions<HTMLElement, HTMLElement>['observeElementRect'] = (instance, cb) =>
  observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT_PX }));

function pinningExtractor(pinnedIndex: number) {
  return (range: Range): number[] => {
    const indexes = defaultRangeExtractor(range);
    if (pinnedIndex < 0 || pinnedIndex >= range.count || indexes.includes(pinnedIndex)) return indexes;
    return [...indexes, pinnedIndex].sort((a, b) => a - b);
  };
}

function createStore(initial: VirtualRowsOptions) {
  let latest = initial;
  let pinned = initial.pinnedIndex;
  let rangeExtractor = pinningExtractor(pinned);
  let snapshot: Snapshot = { items: [], totalSize: 0 };
  const listeners = new Set<() => void>();

  const refresh = () => {
    const items = virtualizer.getVirtualItems();
    const totalSize = virtualizer.getTotalSize();
    if (items === snapshot.items && totalSize === snapshot.totalSize) return;
    snapshot = { items, totalSize };
    for (const listener of listeners) listener();
  };

  // Functions stay the same objects from call to call (they read `latest`), so the virtualizer's memos only
  // recompute when a value really changed; a new rangeExtractor is made only when the pinned row moves.
  const resolve = (options: VirtualRowsOptions): VirtualizerOptions<HTMLElement, HTMLElement> => {
    if (options.pinnedIndex !== pinned) {
      pinned = options.pinnedIndex;
      rangeExtractor = pinningExtractor(pinned);
    }
    return {
      enabled: options.enabled,
      count: options.count,
      overscan: options.overscan,
      getScrollElement,
      estimateSize,
      rangeExtractor,
      observeElementRect: observeRectWithFallback,
      observeElementOffset,
      scrollToFn: elementScroll,
      onChange: refresh,
    };
  };
  const getScrollElement = () => latest.getScrollElement();
  const estimateSize = () => latest.rowHeight;

  const virtualizer = new Virtualizer<HTMLElement, HTMLElement>(resolve(initial));

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => snapshot,
    mount: () => virtualizer._didMount(),
    update(options: VirtualRowsOptions) {
      latest = options;
      virtualizer.setOptions(resolve(options));
      virtualizer._willUpdate();
      refresh();
    },
    scrollToIndex(index: number) {
      if (latest.enabled) virtualizer.scrollToIndex(index, { align: 'auto' });
    },
  };
}

/**
 * Fixed-height row virtualisation on TanStack Virtual's Virtualizer. It hands React immutable snapshots (the
 * visible items and the total size) through useSyncExternalStore instead of the mutable instance useVirtualizer
 * returns, which the React Compiler lint rejects as unmemoisable (react-hooks/incompatible-library). It drives the
 * instance the way TanStack's own framework adapters do: _didMount once, setOptions and _willUpdate after renders.
 */
export function useVirtualRows(options: VirtualRowsOptions): VirtualRows {
  const [store] = useState(() => createStore(options));
  useLayoutEffect(() => store.mount(), [store]);
  useLayoutEffect(() => {
    store.update(options);
  });
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return { items: snapshot.items, totalSize: snapshot.totalSize, scrollToIndex: store.scrollToIndex };
}
