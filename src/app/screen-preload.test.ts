import { describe, expect, it } from 'vitest';
import { filesFor, matchesRoute } from './screen-preload';

describe('preloading the code of the screen at the address', () => {
  it.each([
    ['/courses/:courseId/stats', '/courses/101/stats', true],
    ['/courses/:courseId/stats', '/courses/101/stats/', true],
    ['/courses/:courseId/stats', '/courses/101', false],
    ['/courses/:courseId/stats', '/courses/101/stats/more', false],
    ['/courses', '/courses', true],
    ['/courses', '/courses/101/stats', false],
    ['/', '/', true],
    ['/', '/label-groups', false],
    ['*', '/anything/at/all', true],
  ])('route %s and address %s match: %s', (route, pathname, expected) => {
    expect(matchesRoute(route, pathname)).toBe(expected);
  });

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
