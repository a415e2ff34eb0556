import { useLayoutEffect, type RefObject } from 'react';

/**
 * Marks `box` with where its table's scroll region stands sideways: `data-scrolled` once it has scrolled from the
 * start (the pinned User column then casts a shadow over the cells passing under it) and `data-more-right` while
 * columns lie past its right edge (an edge shadow says so). Checked after every render (a column shown or hidden
 * changes the table's width), on scroll and when the box changes size.
 */
export function useSidewaysOverflow(box: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => {
      const region = element.querySelector<HTMLElement>('.data-table-scroll');
      const scrolled = region !== null && region.scrollLeft > 1;
      const more = region !== null && region.scrollLeft + region.clientWidth < region.scrollWidth - 1;
      element.toggleAttribute('data-scrolled', scrolled);
      element.toggleAttribute('data-more-right', more);
    };
    update();
    // Scroll events do not bubble: the box listens in the capture phase, for whichever region it holds.
    element.addEventListener('scroll', update, { capture: true, passive: true });
    // Where there is no ResizeObserver (an old browser, a test's DOM), the marks follow renders and scrolls only.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    const table = element.querySelector('table');
    if (table) observer?.observe(table);
    return () => {
      element.removeEventListener('scroll', update, { capture: true });
      observer?.disconnect();
    };
  });
}
