import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useMediaQuery } from './use-media-query';

/** A matchMedia whose answer the test sets, telling its listeners as a browser does. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return matches;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const asked = vi.fn(() => list);
  vi.stubGlobal('matchMedia', asked);
  return {
    asked,
    listeners,
    set(next: boolean) {
      matches = next;
      for (const listener of listeners) listener();
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useMediaQuery', () => {
  it('answers false where the browser has no matchMedia', () => {
    vi.stubGlobal('matchMedia', undefined);
    const { result } = renderHook(() => useMediaQuery('(max-width: 480px)'));
    expect(result.current).toBe(false);
  });

  it('follows the query as the window changes, and stops listening when unmounted', () => {
    const media = fakeMatchMedia(true);
    const { result, unmount } = renderHook(() => useMediaQuery('(max-width: 480px)'));
    expect(result.current).toBe(true);
    act(() => media.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('asks the browser once per query, however often it renders', () => {
    const media = fakeMatchMedia(false);
    const first = renderHook(() => useMediaQuery('(max-width: 480px)'));
    first.rerender();
    first.rerender();
    const second = renderHook(() => useMediaQuery('(max-width: 480px)'));
    act(() => media.set(true));
    expect(first.result.current).toBe(true);
    expect(second.result.current).toBe(true);
    expect(media.asked).toHaveBeenCalledTimes(1);
    renderHook(() => useMediaQuery('(prefers-color-scheme: dark)'));
    expect(media.asked).toHaveBeenCalledTimes(2);
  });
});
