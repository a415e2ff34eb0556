import { use } from 'react';

export interface LazyChunk<M> {
  /** Starts loading the chunk (once; again after a failure) and resolves with its module. */
  load: () => Promise<M>;
  /** In a component: the module, at once when it is loaded, else suspending until it is. */
  useModule: () => M;
}

/**
 * A lazily loaded chunk that a screen can also read synchronously once it is in. React.lazy always suspends on its
 * first render, even for a chunk loaded long before (its promise settles a tick later): on the first load of the
 * app that commits the Suspense fallback ("Loading…") and then holds the real screen back, because React throttles
 * Suspense reveals (about 300 ms). A screen read through useModule() after load() was started early renders in
 * the same pass as the shell. Unlike React.lazy, a load that failed is tried again the next time it is needed
 * (after the error boundary's Retry) instead of failing for good.
 */
export function lazyChunk<M>(importer: () => Promise<M>): LazyChunk<M> {
  let loaded: M | undefined;
  let pending: Promise<M> | undefined;
  const load = () => {
    pending ??= importer().then(
      (module) => {
        loaded = module;
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return {
    load,
    useModule: () => loaded ?? use(load()),
  };
}
