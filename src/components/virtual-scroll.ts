import { elementScroll, type Rect, type Virtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';

/**
 * How the app's virtualised lists (whole-course table, label tree) measure and scroll their region on TanStack Virtual,
 * never forcing a layout in React's commit, where it lengthens the task that shows the rows (by 20–40 ms).
 */

/** jsdom (and an element not laid out yet) reports no height: assume a screenful so the first rows render. */
export const FALLBACK_VIEWPORT_PX = 600;

/** The region's size until the first report: a screenful. */
export const INITIAL_RECT: Rect = { width: 0, height: FALLBACK_VIEWPORT_PX };

/**
 * The scroll region's size, from a ResizeObserver alone: its first report comes after layout, before the paint;
 * TanStack's default reads it in the commit, forcing that layout there. Until then the virtualiser has INITIAL_RECT.
 */
export function observeRectAfterLayout<TScroll extends Element, TItem extends Element>(
  instance: Virtualizer<TScroll, TItem>,
  cb: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const view = instance.targetWindow;
  if (!element || !view) return undefined;
  const report = () => {
    const { clientWidth, clientHeight } = element;
    cb({ width: clientWidth, height: clientHeight > 0 ? clientHeight : FALLBACK_VIEWPORT_PX });
  };
  if (!('ResizeObserver' in view)) {
    report();
    return undefined;
  }
  const observer = new view.ResizeObserver(report);
  observer.observe(element, { box: 'content-box' });
  return () => observer.disconnect();
}

/** Scroll regions the virtualiser has placed once. */
const placed = new WeakSet<Element>();

/**
 * TanStack's scrolling, less its first write when that is to the top: on mount it scrolls the new region to where
 * it already is (a region no one has scrolled is at the top), and that write forces a layout in the commit.
 */
export function scrollOnceMounted<TScroll extends Element, TItem extends Element>(
  offset: number,
  options: Parameters<VirtualizerOptions<TScroll, TItem>['scrollToFn']>[1],
  instance: Virtualizer<TScroll, TItem>,
): void {
  const element = instance.scrollElement;
  if (element && !placed.has(element)) {
    placed.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}
