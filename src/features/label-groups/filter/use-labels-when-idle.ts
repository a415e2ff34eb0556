import { useEffect } from 'react';
import { whenIdle } from '@/lib/when-idle';
import { foldLabel, type Forest } from '../model/tree-model';

/** How long one piece of the work may take when the browser gives no idle deadline (or a longer one). */
const SLICE_MS = 8;

/**
 * Once the tree is shown, makes every group's label nodes and folds their texts a few ms at a time while idle: the
 * first paint does not wait for 100,000 labels, and "Expand all" or a filter finds them ready.
 */
export function useLabelsWhenIdle(forest: Forest): void {
  useEffect(() => {
    const { groups } = forest;
    let next = 0;
    let cancel: () => void = () => undefined;
    const schedule = () => {
      cancel = whenIdle(work);
    };
    function work(deadline?: IdleDeadline) {
      const until = performance.now() + Math.min(deadline?.timeRemaining() ?? SLICE_MS, SLICE_MS);
      // At least one group each time, so that it gets through even when idle time is always short.
      do {
        for (const label of groups[next]?.labels ?? []) foldLabel(label);
        next += 1;
      } while (next < groups.length && performance.now() < until);
      if (next < groups.length) schedule();
    }
    schedule();
    return () => cancel();
  }, [forest]);
}
