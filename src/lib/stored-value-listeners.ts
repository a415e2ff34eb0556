import { onStoredElsewhere } from './storage';

/**
 * Listeners of the value under `key`: `notify` tells them of a change this tab made, and another tab's change reaches
 * them through onStoredElsewhere. `subscribe` fits useSyncExternalStore.
 */
export function storedValueListeners(key: string) {
  const listeners = new Set<() => void>();
  return {
    notify: () => listeners.forEach((listener) => listener()),
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      const stopListening = onStoredElsewhere(key, listener);
      return () => {
        listeners.delete(listener);
        stopListening();
      };
    },
  };
}
