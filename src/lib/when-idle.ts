/**
 * Runs `work` once the page is idle (requestIdleCallback; Safari has none, so there a task of its own), and returns
 * what cancels it. `timeoutMs` bounds the wait where the browser can: a page that is never idle still gets it done.
 */
export function whenIdle(work: (deadline?: IdleDeadline) => void, timeoutMs?: number): () => void {
  // Both or neither: a stand-in for one alone (a polyfill, a test's stub) is not taken.
  if (typeof window.requestIdleCallback === 'function' && typeof window.cancelIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(() => work(), 0);
  return () => clearTimeout(handle);
}

/** A task of its own for what follows: the browser may paint and handle input before it. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
