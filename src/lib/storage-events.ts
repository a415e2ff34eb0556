import { storageKey } from './storage';

/**
 * Calls `listener` when another tab changes the value under `key` (see storage.ts), or clears the storage, which may
 * have taken it. Returns the function that stops listening.
 */
export function onStoredElsewhere(key: string, listener: () => void): () => void {
  const fullKey = storageKey(key);
  const onStorage = (event: StorageEvent) => {
    if (event.key === fullKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
