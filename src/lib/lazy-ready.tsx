import { lazy, useState, type ComponentType } from 'react';
import type { ChunkOnce } from './load-chunk';

/**
 * A component whose code is a chunk of its own (a screen, the whole-course table). Where the chunk is in when it mounts
 * (a start-up or preload asked for it), it renders at once, where React.lazy would suspend, paint its fallback and
 * mount later in a render of its own; else React.lazy loads it. Each mount keeps the way it started, so a component is
 * never swapped for itself.
 */
export function lazyReady<T, P extends object>(
  chunk: ChunkOnce<T>,
  pick: (loaded: T) => ComponentType<P>,
): ComponentType<P> {
  const Lazy = lazy(() => chunk().then((loaded) => ({ default: pick(loaded) })));
  function Ready(props: P) {
    const [Loaded] = useState(() => {
      const loaded = chunk.loaded();
      return loaded === undefined ? null : pick(loaded);
    });
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Ready;
}
