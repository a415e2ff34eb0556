// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { matchPath, matchRoute, pathTo, ROUTE_NAMES, screenFileOf } from './routes';

describe('the route list', () => {
  it.each([
    ['/courses/:courseId/stats', '/courses/101/stats', { courseId: '101' }],
    ['/courses/:courseId/stats', '/courses/101/stats/', { courseId: '101' }],
    ['/courses/:courseId/stats', '/courses/a%20b/stats', { courseId: 'a b' }],
    ['/courses/:courseId/stats', '/courses/%E0%A4%A/stats', { courseId: '%E0%A4%A' }],
    ['/courses/:courseId/stats', '/courses/101', null],
    ['/courses/:courseId/stats', '/courses/101/stats/more', null],
    ['/courses', '/courses', {}],
    ['/courses', '/courses/101/stats', null],
    ['/', '/', {}],
    ['/', '/label-groups', null],
    ['*', '/anything/at/all', {}],
  ])('pattern %s at %s gives the parameters %j', (pattern, pathname, expected) => {
    expect(matchPath(pattern, pathname)).toEqual(expected);
  });

  it('finds the route of an address, with `/` as the course list and nothing for an unknown address', () => {
    expect(matchRoute('/')).toEqual({ name: 'courses', params: {} });
    expect(matchRoute('/courses/')).toEqual({ name: 'courses', params: {} });
    expect(matchRoute('/courses/12/stats')).toEqual({ name: 'courseStats', params: { courseId: '12' } });
    expect(matchRoute('/label-groups')).toEqual({ name: 'labelGroups', params: {} });
    expect(matchRoute('/device')).toEqual({ name: 'device', params: {} });
    expect(matchRoute('/courses/12')).toBeNull();
  });

  it('writes addresses from the list, encoding the parameters', () => {
    expect(pathTo('courseStats', { courseId: 12 })).toBe('/courses/12/stats');
    expect(pathTo('courseStats', { courseId: 12 }, 'user_id=3&view=learner')).toBe(
      '/courses/12/stats?user_id=3&view=learner',
    );
    expect(pathTo('courseStats', { courseId: 'a/b?' })).toBe('/courses/a%2Fb%3F/stats');
    expect(pathTo('labelGroups')).toBe('/label-groups');
    for (const name of ROUTE_NAMES) expect(matchRoute(pathTo(name, { courseId: 1 }))?.name).toBe(name);
  });

  it('names the screen module of each route in kebab case', () => {
    expect(ROUTE_NAMES.map(screenFileOf)).toEqual(['courses', 'course-stats', 'label-groups', 'device']);
  });
});
