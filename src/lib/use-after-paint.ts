import { useEffect, useState } from 'react';

/** How long a recorded first contentful paint is waited for after a frame (it normally takes a few ms). */
export const FIRST_PAINT_WAIT_MS = 250;

/**
 * False until the browser has painted a frame after `ready` first held; true from then on. For requests that can wait
 * until what is ready is on screen: made earlier, on a slow network they share the line with what the first screen
 * needs and hold its paint back. (A requestAnimationFrame callback runs just before a paint; a task it posts, after.)
 *
 * On a page's first screen it also waits for the browser to record that paint: the frame shows a little after the task
 * runs, and a request started in between counts in the load timeline as one the first paint waited for.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopWaiting: () => void = () => undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        stopWaiting = whenFirstPaintRecorded(() => setPainted(true));
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stopWaiting();
    };
  }, [ready, painted]);
  return painted;
}

const FIRST_CONTENTFUL_PAINT = 'first-contentful-paint';

/**
 * Calls `then` once the first contentful paint is recorded: at once if it is, or if the browser records none (no paint
 * timing, or a hidden page), and at the latest after FIRST_PAINT_WAIT_MS. Returns what cancels the wait.
 */
function whenFirstPaintRecorded(then: () => void): () => void {
  const recordsPaints =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes.includes('paint') &&
    document.visibilityState === 'visible';
  if (!recordsPaints || performance.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) {
    then();
    return () => undefined;
  }
  const stop = () => {
    observer.disconnect();
    clearTimeout(fallback);
  };
  const done = () => {
    stop();
    then();
  };
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName(FIRST_CONTENTFUL_PAINT).length > 0) done();
  });
  const fallback = setTimeout(done, FIRST_PAINT_WAIT_MS);
  observer.observe({ type: 'paint' });
  return stop;
}
