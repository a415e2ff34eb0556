import { describe, expect, it, vi } from 'vitest';
import { storageKey } from './storage';
import { onStoredElsewhere } from './storage-events';

describe('onStoredElsewhere', () => {
  it('hears another tab change the key or clear the storage, nothing else, until it stops', () => {
    const listener = vi.fn();
    const stop = onStoredElsewhere('saved-views', listener);
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey('other') }));
    expect(listener).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey('saved-views') }));
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey('saved-views') }));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
