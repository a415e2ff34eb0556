import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fetchCourses, fetchCourseSessions, fetchCourseStats, fetchLabelGroups } from '@/lib/fetch-list';
import { apiRoute, serveApi } from './api-handlers';
import { courseStatsPage, courseStatWire, labelGroupWire } from './fixtures';

// The tests' fake API, read through the app's own client: what a test serves is what the client gets.

const ids = (list: { items: ReadonlyArray<{ id: number | null }> }) => list.items.map((item) => item.id);

describe('the fake API', () => {
  it("pages a list by page and per_page, the app's page size when none is sent", async () => {
    const requests = serveApi({ courseStats: courseStatsPage(25) });
    expect(ids(await fetchCourseStats({ courseId: 7 }))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ids(await fetchCourseStats({ courseId: 7, page: 3, perPage: 10 }))).toEqual([21, 22, 23, 24, 25]);
    expect(ids(await fetchCourseStats({ courseId: 7, page: 2, perPage: 100 }))).toEqual([]);
    expect(requests.map((url) => url.search)).toEqual([
      '?page=1&per_page=10',
      '?page=3&per_page=10',
      '?page=2&per_page=100',
    ]);
  });

  it('narrows a list by the parameters that name a field of its items', async () => {
    serveApi({
      courseStats: [
        courseStatWire({ id: 1, user_id: 5, course_session_id: 70 }),
        courseStatWire({ id: 2, user_id: 5, course_session_id: 71 }),
        courseStatWire({ id: 3, user_id: 6, course_session_id: 71 }),
      ],
    });
    expect(ids(await fetchCourseStats({ courseId: 7, userId: 5 }))).toEqual([1, 2]);
    expect(ids(await fetchCourseStats({ courseId: 7, courseSessionId: 71 }))).toEqual([2, 3]);
    expect(ids(await fetchCourseStats({ courseId: 7, userId: 6, courseSessionId: 70 }))).toEqual([]);
  });

  it('sends Total when given one, and none otherwise', async () => {
    const courses = Array.from({ length: 3 }, (_, index) => ({ id: index + 1, name: `Course ${index + 1}` }));
    serveApi({ courses: { items: courses, total: 130 } });
    expect(await fetchCourses({ perPage: 2 })).toMatchObject({ total: 130 });
    serveApi({ courses });
    const list = await fetchCourses({ page: 2, perPage: 2 });
    expect(list.total).toBeNull();
    expect(ids(list)).toEqual([3]);
  });

  it("answers a function's answer as it is, with the path's ids", async () => {
    const requests = serveApi({
      courseSessions: ({ params, url }) =>
        url.searchParams.get('filter') === 'archived'
          ? [{ id: Number(params.course_id), name: 'Archived' }]
          : HttpResponse.json({ error: 'no' }, { status: 404 }),
    });
    expect(ids(await fetchCourseSessions({ courseId: 42, filter: 'archived' }))).toEqual([42]);
    await expect(fetchCourseSessions({ courseId: 42, filter: 'active' })).rejects.toMatchObject({
      detail: { kind: 'not_found' },
    });
    expect(requests.map((url) => url.pathname)).toEqual([
      '/endpoint/v1/courses/42/course_sessions',
      '/endpoint/v1/courses/42/course_sessions',
    ]);
  });

  it('serves a list without paging parameters whole', async () => {
    serveApi({ labelGroups: Array.from({ length: 12 }, (_, index) => labelGroupWire({ id: index + 1 })) });
    expect(ids(await fetchLabelGroups())).toHaveLength(12);
  });

  it("gives each endpoint's route as MSW matches it", () => {
    expect(apiRoute('courseStats')).toBe('/endpoint/v1/courses/:course_id/course_stats');
    expect(apiRoute('labelGroups')).toBe('/endpoint/v1/label_groups');
  });
});
