import { lazy, useState, type ComponentType } from 'react';

/**
 * Loads a lazily split part of the app, riding out a lost connection: offline, it waits for 'online' and tries again;
 * online, a failure is tried once more after a second. Else a screen first opened offline errs until reloaded.
 */
export async function loadChunk<T>(load: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise<void>((done) => {
        if (navigator.onLine) setTimeout(done, 1_000);
        else window.addEventListener('online', () => done(), { once: true });
      });
    }
  }
}

/** A chunk loaded once: call it to load (or join the load), `loaded()` for what is in already. */
export interface ChunkOnce<T> {
  (): Promise<T>;
  /** The chunk, once it has loaded; undefined before. */
  loaded: () => T | undefined;
}

/**
 * loadChunk, started once: every caller (a start-up wanting the code early, the screen rendering it) gets the same
 * load; one that failed in the end starts afresh for the next. The app's way to load code lazily (lazyReady for a
 * component). `attempts: 1` fails at once offline, for code its caller can do without.
 */
export function loadChunkOnce<T>(load: () => Promise<T>, { attempts = 3 }: { attempts?: number } = {}): ChunkOnce<T> {
  const state: { loading: Promise<T> | null; value: { chunk: T } | null } = { loading: null, value: null };
  const start = () => {
    if (state.loading) return state.loading;
    const started = loadChunk(load, attempts);
    state.loading = started;
    started.then(
      (chunk) => {
        state.value = { chunk };
      },
      () => {
        state.loading = null;
      },
    );
    return started;
  };
  return Object.assign(start, { loaded: () => state.value?.chunk });
}

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
