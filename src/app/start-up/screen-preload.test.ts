import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { courseWire } from '@/features/courses/courses-test-support';
import { firstRows } from '@/lib/fetch-ahead';
import { clearToken, setToken } from '@/lib/token-store';
import { serveApi } from '@/testing/api-handlers';
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
    document.body.innerHTML = '';
  });

  /** What the script has added to the head: each link (rel, as, href) and the app's entry script (src). */
  function added(): string[] {
    return [...document.head.querySelectorAll('link, script')].map((element) =>
      element instanceof HTMLScriptElement
        ? `script ${element.type} ${element.getAttribute('src') ?? ''}`
        : element instanceof HTMLLinkElement
          ? [element.rel, element.as, element.getAttribute('href')].filter(Boolean).join(' ')
          : '',
    );
  }

  /** index.html's meta elements as the build writes them, then the script afresh; returns what it added. */
  async function runScript(): Promise<string[]> {
    document.head.innerHTML =
      '<meta name="app-entry" content="/assets/index.js">' +
      '<meta name="screen-code" data-routes="*" content="/assets/signed-in.js /assets/signed-in.css">' +
      '<meta name="screen-code" data-routes="/label-groups" content="/assets/label-groups.js">' +
      '<meta name="screen-code" data-routes="/courses" content="/assets/courses.js /assets/courses.css">' +
      '<meta name="screen-code" data-routes="/courses/:courseId/stats" content="/assets/course-stats.js">';
    vi.resetModules();
    await import('./screen-preload');
    return added();
  }

  it("preloads the code of the screen at the address, as the app's own loads ask for it", async () => {
    setToken('tok-first-script', false);
    window.history.replaceState(null, '', '/label-groups');
    expect(await runScript()).toEqual([
      'preload style /assets/signed-in.css',
      'modulepreload /assets/signed-in.js',
      'modulepreload /assets/label-groups.js',
      'script module /assets/index.js',
    ]);
    expect([...document.head.querySelectorAll('link')].every((link) => link.crossOrigin === '')).toBe(true);
  });

  it('preloads nothing signed out, and starts the app', async () => {
    window.history.replaceState(null, '', '/label-groups');
    expect(await runScript()).toEqual(['script module /assets/index.js']);
  });

  it("on the overview, applies the screen's style sheets, paints the rows, then loads its code and starts the app", async () => {
    setToken('tok-first-script', false);
    serveApi({ courses: () => HttpResponse.json([courseWire(7, { name: 'Painted first' })]) });
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    window.history.replaceState(null, '', '/courses');
    // Until the rows are painted, only the style sheets: the code's compiling and the app's evaluation come after.
    expect(await runScript()).toEqual(['stylesheet /assets/signed-in.css', 'stylesheet /assets/courses.css']);
    // The style sheets arrive (a test DOM loads none itself).
    for (const link of document.head.querySelectorAll('link')) {
      Object.defineProperty(link, 'sheet', { value: new CSSStyleSheet() });
      link.dispatchEvent(new Event('load'));
    }
    await vi.waitFor(() => expect(added()).toContain('script module /assets/index.js'));
    expect(firstRows()).toBe('painted');
    expect(root.querySelector('a[href="/courses/7/stats"]')?.textContent).toBe('Painted first');
    expect(added()).toEqual([
      'stylesheet /assets/signed-in.css',
      'stylesheet /assets/courses.css',
      'modulepreload /assets/signed-in.js',
      'modulepreload /assets/courses.js',
      'script module /assets/index.js',
    ]);
  });
});
