import { describe, expect, it, vi } from 'vitest';
import { storageKey } from './storage';
import { storedValueListeners } from './stored-value-listeners';

describe('storedValueListeners', () => {
  it('tells each subscriber of a change here and of one in another tab, until it unsubscribes', () => {
    const { notify, subscribe } = storedValueListeners('saved-views');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = subscribe(first);
    const stopSecond = subscribe(second);
    notify();
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey('saved-views') }));
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(2);
    stopFirst();
    notify();
    window.dispatchEvent(new StorageEvent('storage', { key: storageKey('saved-views') }));
    expect(first).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledTimes(4);
    stopSecond();
  });
});
