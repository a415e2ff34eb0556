import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/token-store';
import entry from './main.tsx?raw';

describe("the app's entry, on a signed-in visit", () => {
  afterEach(() => {
    clearToken();
    window.history.replaceState(null, '', '/');
  });

  it("sends the screen's first request as the first thing it evaluates, before the rest of its imports", async () => {
    expect(entry.match(/^import .*$/m)?.[0]).toBe("import './app/send-early';");

    setToken('tok-entry-first', false);
    window.history.replaceState(null, '', '/label-groups');
    const fetched: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      fetched.push(String(input));
      return new Promise<Response>(() => undefined);
    });
    vi.resetModules();
    await import('./app/send-early');
    expect(fetched).toEqual(['/endpoint/v1/label_groups']);
  });
});
