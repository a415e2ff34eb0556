import { lazy, useState, type ComponentType } from 'react';
import type { ChunkOnce } from '@/lib/load-chunk';

/**
 * A screen whose code is a chunk of its own. Where the chunk is in already when the screen mounts (the start-up
 * loaded it), the screen renders at once; React.lazy would suspend for a moment even then, and paint its
 * fallback first. Where it is not, React.lazy loads it (and the nearest Suspense says so meanwhile). Each mount
 * keeps the way it started, so a screen is never swapped for itself.
 */
export function lazyScreen<T>(chunk: ChunkOnce<T>, pick: (loaded: T) => ComponentType): ComponentType {
  const Lazy = lazy(() => chunk().then((loaded) => ({ default: pick(loaded) })));
  function Screen() {
    const [Ready] = useState(() => {
      const loaded = chunk.loaded();
      return loaded === undefined ? null : pick(loaded);
    });
    return Ready ? <Ready /> : <Lazy />;
  }
  return Screen;
}
