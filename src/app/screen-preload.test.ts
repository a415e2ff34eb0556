import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY as STORE_KEY } from '@/lib/token-store';
import { filesFor, matchesRoute, TOKEN_STORAGE_KEY } from './screen-preload';

describe('preloading the code of the screen at the address', () => {
  it('looks for the token where the token store keeps it', () => {
    expect(TOKEN_STORAGE_KEY).toBe(STORE_KEY);
  });

  it.each([
    ['/courses/:courseId/stats', '/courses/101/stats', true],
    ['/courses/:courseId/stats', '/courses/101/stats/', true],
    ['/courses/:courseId/stats', '/courses/101', false],
    ['/courses/:courseId/stats', '/courses/101/stats/more', false],
    ['/courses', '/courses', true],
    ['/courses', '/courses/101/stats', false],
    ['/', '/', true],
    ['/', '/label-groups', false],
  ])('route %s and address %s match: %s', (route, pathname, expected) => {
    expect(matchesRoute(route, pathname)).toBe(expected);
  });

  it('names the files of the first screen whose routes take the address, and none for another address', () => {
    const screens = [
      { routes: '/ /courses /courses/:courseId/stats', files: '/assets/course-stats.js /assets/course-stats.css' },
      { routes: '/label-groups', files: '/assets/label-groups.js' },
    ];
    expect(filesFor(screens, '/courses/7/stats')).toEqual(['/assets/course-stats.js', '/assets/course-stats.css']);
    expect(filesFor(screens, '/label-groups')).toEqual(['/assets/label-groups.js']);
    expect(filesFor(screens, '/nowhere')).toEqual([]);
  });
});
