import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  COURSE_MEMORY_KEYS,
  forgetCourseMemory,
  onStoredElsewhere,
  readStored,
  readText,
  removeStored,
  storageKey,
  writeStored,
  writeText,
} from './storage';

const schema = z.object({ size: z.number() });

describe('storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads back what it wrote, under its own prefix', () => {
    expect(writeStored('prefs', { size: 25 })).toBe(true);
    expect(window.localStorage.getItem('course-stats.prefs')).toBe('{"size":25}');
    expect(readStored('prefs', schema)).toEqual({ size: 25 });
    removeStored('prefs');
    expect(readStored('prefs', schema)).toBeNull();
  });

  it('reads nothing from broken JSON or a value of the wrong shape', () => {
    window.localStorage.setItem('course-stats-dashboard:prefs', '{not json');
    expect(readStored('prefs', schema)).toBeNull();
    window.localStorage.setItem('course-stats-dashboard:prefs', '{"size":"big"}');
    expect(readStored('prefs', schema)).toBeNull();
  });

  it('keeps text in the storage area asked for, under one prefix', () => {
    expect(writeText('token', 'abc', 'session')).toBe(true);
    expect(window.sessionStorage.getItem(storageKey('token'))).toBe('abc');
    expect(storageKey('token')).toBe('course-stats.token');
    expect(readText('token', 'local')).toBeNull();
    expect(readText('token', 'session')).toBe('abc');
    removeStored('token', 'session');
    expect(readText('token', 'session')).toBeNull();
  });

  it('moves a value kept under the old prefix to the current key on first read', () => {
    window.localStorage.setItem('course-stats-dashboard:prefs', '{"size":50}');
    expect(readStored('prefs', schema)).toEqual({ size: 50 });
    expect(window.localStorage.getItem('course-stats.prefs')).toBe('{"size":50}');
    expect(window.localStorage.getItem('course-stats-dashboard:prefs')).toBeNull();
    expect(readStored('prefs', schema)).toEqual({ size: 50 });
  });

  it('takes an old key written since the last read as the newer value, and removes both keys', () => {
    writeStored('prefs', { size: 1 });
    window.localStorage.setItem('course-stats-dashboard:prefs', '{"size":2}');
    expect(readStored('prefs', schema)).toEqual({ size: 2 });
    expect(window.localStorage.length).toBe(1);
    window.localStorage.setItem('course-stats-dashboard:prefs', '{"size":3}');
    removeStored('prefs');
    expect(window.localStorage.length).toBe(0);
  });

  it('survives storage that throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(writeStored('prefs', { size: 1 })).toBe(false);
    expect(readStored('prefs', schema)).toBeNull();
    expect(writeText('token', 'abc', 'session')).toBe(false);
    expect(readText('token', 'session')).toBeNull();
  });
});

describe('forgetting what this device remembers about courses', () => {
  it('removes the recent courses, the saved views and the choice to remember, and nothing else', () => {
    for (const key of Object.values(COURSE_MEMORY_KEYS)) writeText(key, '[]');
    writeText('theme', 'dark');
    writeText('token', 'abc', 'session');
    forgetCourseMemory();
    expect(Object.keys(window.localStorage)).toEqual([storageKey('theme')]);
    expect(readText('token', 'session')).toBe('abc');
  });
});

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
