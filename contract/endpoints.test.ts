import { describe, expect, it } from 'vitest';
import { apiPath, appParamsSchema, pathIdNames, wireQuerySchema, wireSearch } from './endpoint-spec';
import {
  courseSessionsParamsSchema,
  coursesParamsSchema,
  courseStatsParamsSchema,
  ENDPOINT_NAMES,
  ENDPOINTS,
  LABEL_GROUPS_PATH,
} from './endpoints';

describe('the endpoint table', () => {
  it('names each id of a path, and only those', () => {
    for (const name of ENDPOINT_NAMES) {
      const entry = ENDPOINTS[name];
      expect(pathIdNames(entry).sort(), name).toEqual(Object.keys(entry.ids).sort());
    }
  });

  it('spells each path once, and gives each wire name once', () => {
    const paths = ENDPOINT_NAMES.map((name) => ENDPOINTS[name].path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const name of ENDPOINT_NAMES) {
      const wires = ENDPOINTS[name].query.map((param) => param.wire);
      expect(new Set(wires).size, name).toBe(wires.length);
    }
  });

  it('writes a request path with its ids in place, under the API prefix', () => {
    expect(apiPath(ENDPOINTS.courseStats, { course_id: 42 })).toBe('/endpoint/v1/courses/42/course_stats');
    expect(apiPath(ENDPOINTS.courseSessions, { course_id: 7 })).toBe('/endpoint/v1/courses/7/course_sessions');
    expect(apiPath(ENDPOINTS.courses, {})).toBe('/endpoint/v1/courses');
    expect(LABEL_GROUPS_PATH).toBe('/endpoint/v1/label_groups');
  });

  it("writes a query string in the table's order, a repeatable name once per value, nothing unknown", () => {
    const values = { per_page: 25, page: 2, course_session_id: 9, user_id: 5, note: 'x' };
    expect(wireSearch(ENDPOINTS.courseStats, values).toString()).toBe(
      'user_id=5&course_session_id=9&page=2&per_page=25',
    );
    expect(wireSearch(ENDPOINTS.courses, { 'types[]': [3, 1], page: 1 }).toString()).toBe(
      'page=1&types%5B%5D=3&types%5B%5D=1',
    );
    expect(wireSearch(ENDPOINTS.labelGroups, { page: 1 }).toString()).toBe('');
  });
});

describe("an endpoint's request as the app holds it", () => {
  it('takes the app names, fills the defaults and drops unknown keys', () => {
    expect(courseStatsParamsSchema.parse({ courseId: 7, courseSessionId: 3, extra: true })).toEqual({
      courseId: 7,
      courseSessionId: 3,
      page: 1,
      perPage: 10,
    });
    expect(coursesParamsSchema.parse({})).toEqual({ page: 1, perPage: 100 });
    expect(courseSessionsParamsSchema.parse({ courseId: 7, filter: 'archived' })).toEqual({
      courseId: 7,
      filter: 'archived',
      page: 1,
      perPage: 100,
    });
    expect(appParamsSchema(ENDPOINTS.labelGroups).parse({ page: 2 })).toEqual({});
  });

  it("refuses what the table's limits refuse, and a required value left out", () => {
    for (const bad of [{}, { courseId: 0 }, { courseId: 1, page: 0 }, { courseId: 1, perPage: 101 }]) {
      expect(courseStatsParamsSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(courseSessionsParamsSchema.safeParse({ courseId: 1 }).success).toBe(false);
    expect(courseSessionsParamsSchema.safeParse({ courseId: 1, filter: 'all' }).success).toBe(false);
  });

  it('is made once per endpoint', () => {
    expect(appParamsSchema(ENDPOINTS.courseStats)).toBe(courseStatsParamsSchema);
    expect(wireQuerySchema(ENDPOINTS.courses)).toBe(wireQuerySchema(ENDPOINTS.courses));
  });
});

describe("an endpoint's query as it arrives", () => {
  it('takes the wire names, each optional, and nothing else', () => {
    const schema = wireQuerySchema(ENDPOINTS.courseStats);
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ user_id: 5, per_page: 100 })).toEqual({ user_id: 5, per_page: 100 });
    expect(schema.safeParse({ userId: 5 }).success).toBe(false);
    expect(schema.safeParse({ per_page: 101 }).success).toBe(false);
  });

  it('holds a repeatable name to its count', () => {
    const schema = wireQuerySchema(ENDPOINTS.courses);
    expect(schema.safeParse({ 'types[]': [1, 2, 3] }).success).toBe(true);
    expect(schema.safeParse({ 'types[]': Array.from({ length: 11 }, (_, i) => i + 1) }).success).toBe(false);
  });
});
