import { describe, expect, it, vi } from 'vitest';
import { storageKey } from './storage';
import { clearToken, setToken, subscribeToken, TOKEN_STORAGE_KEY } from './token-store';

const storageEvent = (key: string | null) => window.dispatchEvent(new StorageEvent('storage', { key }));

describe('following the token', () => {
  it('tells a subscriber of changes here and in other tabs, nothing else, until it stops', () => {
    const heard = vi.fn();
    const stop = subscribeToken(heard);
    setToken('tok-follow', false);
    expect(heard).toHaveBeenCalledTimes(1);
    clearToken();
    expect(heard).toHaveBeenCalledTimes(2);
    // Another tab signing in or out with "remember", or clearing the storage.
    storageEvent(TOKEN_STORAGE_KEY);
    storageEvent(null);
    expect(heard).toHaveBeenCalledTimes(4);
    storageEvent(storageKey('saved-views'));
    expect(heard).toHaveBeenCalledTimes(4);

    stop();
    setToken('tok-after', false);
    storageEvent(TOKEN_STORAGE_KEY);
    expect(heard).toHaveBeenCalledTimes(4);
  });

  it('adds no listener to the page by being evaluated: the copy in index.html’s first script subscribes nobody', async () => {
    const added = vi.spyOn(window, 'addEventListener');
    vi.resetModules();
    await import('./token-store');
    expect(added.mock.calls.map(([type]) => type)).not.toContain('storage');
  });
});
