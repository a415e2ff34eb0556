import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadChunk } from './load-chunk';

afterEach(() => {
  vi.useRealTimers();
});

function setOnline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);
}

describe('loadChunk', () => {
  it('waits for the connection to come back, then loads', async () => {
    setOnline(false);
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue('chunk');
    const pending = loadChunk(load);
    await Promise.resolve();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await expect(pending).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tries again after a second while online, and gives up after the last attempt', async () => {
    vi.useFakeTimers();
    setOnline(true);
    const failure = new TypeError('Failed to fetch');
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(failure);
    const pending = loadChunk(load, 2);
    const settled = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await settled).toBe(failure);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
