import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { readStored, removeStored, writeStored } from './storage';

const schema = z.object({ size: z.number() });

describe('storage', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads back what it wrote, under its own prefix', () => {
    expect(writeStored('prefs', { size: 25 })).toBe(true);
    expect(window.localStorage.getItem('course-stats-dashboard:prefs')).toBe('{"size":25}');
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

  it('survives storage that throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(writeStored('prefs', { size: 1 })).toBe(false);
    expect(readStored('prefs', schema)).toBeNull();
  });
});
