import { defaultRangeExtractor, useVirtualizer, type Range, type VirtualItem } from '@tanstack/react-virtual';
import { useCallback } from 'react';
import { INITIAL_RECT, observeRectAfterLayout, scrollOnceMounted } from '@/components/virtual-scroll';

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

/** Fixed-height row virtualisation on TanStack Virtual's useVirtualizer, with one row always kept rendered. */
export function useVirtualRows({
  enabled,
  count,
  rowHeight,
  overscan,
  getScrollElement,
  pinnedIndex,
}: VirtualRowsOptions): VirtualRows {
  // The virtualizer recomputes its rows when these change identity, so each changes only with its input.
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const rangeExtractor = useCallback(
    (range: Range): number[] => {
      const indexes = defaultRangeExtractor(range);
      if (pinnedIndex < 0 || pinnedIndex >= range.count || indexes.includes(pinnedIndex)) return indexes;
      return [...indexes, pinnedIndex].sort((a, b) => a - b);
    },
    [pinnedIndex],
  );
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    enabled,
    count,
    overscan,
    getScrollElement,
    estimateSize,
    rangeExtractor,
    // Before the first measurement (the first render) and wherever layout reports no height.
    initialRect: INITIAL_RECT,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollOnceMounted,
  });
  const scrollToIndex = (index: number) => {
    if (enabled) virtualizer.scrollToIndex(index, { align: 'auto' });
  };
  return { items: virtualizer.getVirtualItems(), totalSize: virtualizer.getTotalSize(), scrollToIndex };
}
