import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '@/lib/token-store';
import { filesFor } from './screen-preload';

describe('preloading the code of the screen at the address', () => {
  it('names the files of every screen whose routes take the address, each once', () => {
    const screens = [
      { routes: '*', files: '/assets/signed-in.js /assets/shared.js' },
      {
        routes: '/ /courses /courses/:courseId/stats',
        files: '/assets/course-stats.js /assets/course-stats.css /assets/shared.js',
      },
      { routes: '/label-groups', files: '/assets/label-groups.js' },
    ];
    expect(filesFor(screens, '/courses/7/stats')).toEqual([
      '/assets/signed-in.js',
      '/assets/shared.js',
      '/assets/course-stats.js',
      '/assets/course-stats.css',
    ]);
    expect(filesFor(screens, '/label-groups')).toEqual([
      '/assets/signed-in.js',
      '/assets/shared.js',
      '/assets/label-groups.js',
    ]);
    expect(filesFor(screens, '/nowhere')).toEqual(['/assets/signed-in.js', '/assets/shared.js']);
    expect(filesFor(screens.slice(1), '/nowhere')).toEqual([]);
  });
});

describe("the page's first script, as it runs", () => {
  afterEach(() => {
    clearToken();
    window.history.replaceState(null, '', '/');
  });

  /** Runs the script afresh and says what it sent. */
  async function runScript(): Promise<string[]> {
    const started: string[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
      started.push(`request ${String(input)}`);
      return new Promise<Response>(() => undefined);
    });
    vi.resetModules();
    await import('./screen-preload');
    return started;
  }

  it("sends the screen's first request", async () => {
    setToken('tok-first-script', false);
    window.history.replaceState(null, '', '/label-groups');
    expect(await runScript()).toEqual(['request /endpoint/v1/label_groups']);
  });

  it('sends nothing signed out', async () => {
    window.history.replaceState(null, '', '/label-groups');
    expect(await runScript()).toEqual([]);
  });
});
