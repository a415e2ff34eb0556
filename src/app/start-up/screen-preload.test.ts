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
    document.head.innerHTML = '';
  });

  /** index.html's meta elements as the build writes them, then the script afresh; returns what it preloads. */
  async function runScript(): Promise<string[]> {
    document.head.innerHTML =
      '<meta name="screen-code" data-routes="*" content="/assets/signed-in.js /assets/signed-in.css">' +
      '<meta name="screen-code" data-routes="/label-groups" content="/assets/label-groups.js">' +
      '<meta name="screen-code" data-routes="/courses/:courseId/stats" content="/assets/course-stats.js">';
    vi.resetModules();
    await import('./screen-preload');
    return [...document.head.querySelectorAll('link')].map((link) =>
      [link.rel, link.as, link.getAttribute('href')].filter(Boolean).join(' '),
    );
  }

  it("preloads the code of the screen at the address, as the app's own loads ask for it", async () => {
    setToken('tok-first-script', false);
    window.history.replaceState(null, '', '/label-groups');
    expect(await runScript()).toEqual([
      'modulepreload /assets/signed-in.js',
      'preload style /assets/signed-in.css',
      'modulepreload /assets/label-groups.js',
    ]);
    expect([...document.head.querySelectorAll('link')].every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('preloads nothing signed out', async () => {
    window.history.replaceState(null, '', '/label-groups');
    expect(await runScript()).toEqual([]);
  });
});
