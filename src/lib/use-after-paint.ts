import { useEffect, useState } from 'react';

/**
 * False until the browser has painted a frame after `ready` first held; true from then on. For requests that can
 * wait until what is ready is on screen: made earlier, on a slow network they share the line with the code and
 * data the first screen needs, and hold its paint back. A requestAnimationFrame callback runs just before a
 * paint; a task it posts runs after it.
 */
export function useAfterPaint(ready = true): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!ready || painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const afterFrame = () => {
      timer = setTimeout(() => setPainted(true));
    };
    if (typeof requestAnimationFrame !== 'function') {
      afterFrame();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(afterFrame);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, painted]);
  return painted;
}
