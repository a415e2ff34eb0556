import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseListSpec,
  courseSessionListSpec,
  errorBodySchema,
  isCleanReport,
  parseList,
  type Course,
  type CourseSession,
} from '../../contract/index';
import { DEMO_AUTH, makeApp } from '../test-support';
import { DEMO_COURSES, demoCourse, REFERENCE_DATE } from './courses';
import { getDemoData } from './demo-data';
import {
  FIRST_GENERATED_COURSE_ID,
  generatedCourses,
  HOSTILE_COURSE_NAMES,
  LAST_GENERATED_COURSE_ID,
  SHARED_LEARNER_ID,
} from './generated-courses';

const REFERENCE_TIME = Date.parse(REFERENCE_DATE);
const DAY_MS = 86_400_000;
const COURSES = '/endpoint/v1/courses';
const sessionsUrl = (courseId: number | string, query = '') =>
  `/endpoint/v1/courses/${courseId}/course_sessions${query === '' ? '' : `?${query}`}`;

let app: FastifyInstance;
beforeAll(async () => {
  app = makeApp({}, { now: () => REFERENCE_TIME + 3_600_000 });
  await app.ready();
});
afterAll(() => app.close());

async function get(url: string, headers: Record<string, string> = DEMO_AUTH) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, json: response.json<unknown>() };
}

/** A list answer parsed as the app parses it; the demo must give no warning. */
function cleanList<T>(
  json: unknown,
  parse: (body: unknown) => { items: T[]; report: Parameters<typeof isCleanReport>[0] },
) {
  const { items, report } = parse(json);
  expect(report.rejected).toEqual([]);
  expect(report.dropped).toEqual([]);
  expect(isCleanReport(report)).toBe(true);
  return items;
}
const courses = (json: unknown): Course[] => cleanList(json, (body) => parseList(body, courseListSpec));
const sessions = (json: unknown): CourseSession[] => cleanList(json, (body) => parseList(body, courseSessionListSpec));

async function everyCourse(): Promise<Course[]> {
  const all: Course[] = [];
  for (let page = 1; page < 20; page += 1) {
    const answer = await get(`${COURSES}?page=${page}&per_page=100`);
    const items = courses(answer.json);
    all.push(...items);
    if (items.length < 100) break;
  }
  return all;
}

describe('demo API: the course list', () => {
  it('lists over a thousand courses, a page at a time, with Total and Per-Page', async () => {
    const first = await get(COURSES);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(courses(first.json)).toHaveLength(10);
    expect(first.headers['per-page']).toBe('10');
    const total = Number(first.headers.total);
    expect(total).toBeGreaterThanOrEqual(1000);

    const all = await everyCourse();
    expect(all).toHaveLength(total);
    const ids = all.map((course) => course.id);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    expect(ids).toEqual(expect.arrayContaining([...DEMO_COURSES.map((course) => course.id), 2001, 2999]));
    const last = await get(`${COURSES}?page=${Math.ceil(total / 100)}&per_page=100`);
    expect(courses(last.json)).toHaveLength(total % 100 || 100);
    expect((await get(`${COURSES}?page=99&per_page=100`)).json).toEqual([]);
  });

  it('names each course as its statistics do, and every listed course answers course_stats', async () => {
    const all = await everyCourse();
    const data = getDemoData({ now: REFERENCE_TIME });
    for (const course of all) {
      expect(demoCourse(course.id)?.name).toBe(course.name);
      // The two scale courses take seconds to generate; their names are checked against DEMO_COURSES above.
      if (course.id === 1000 || course.id === 5000) continue;
      const rows = data.courses.get(course.id);
      expect(rows, String(course.id)).toBeDefined();
      for (const row of rows ?? []) expect(row.coursename).toBe(course.name);
    }
    const answer = await get(`/endpoint/v1/courses/2500/course_stats?per_page=100`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual(data.courses.get(2500)?.slice(0, 100));
  });

  it('carries the fields the app reads: last activity, owner, dates; null activity for a course not started', async () => {
    const all = await everyCourse();
    const withActivity = all.filter((course) => course.last_activity !== null);
    expect(withActivity.length).toBeGreaterThan(all.length * 0.9);
    expect(all.find((course) => course.id === 105)?.last_activity).toBeNull();
    expect(all.filter((course) => course.owner_name !== null).length).toBeGreaterThan(all.length * 0.7);
    for (const course of all) {
      expect(course.created_at).not.toBeNull();
      expect(Date.parse(course.updated_at ?? '')).toBeGreaterThanOrEqual(Date.parse(course.created_at ?? ''));
    }
    // About a third were active within the last two weeks: a default sort by activity has recent ones on top.
    const recent = withActivity.filter(
      (course) => Date.parse(course.last_activity ?? '') > REFERENCE_TIME - 14 * DAY_MS,
    );
    expect(recent.length).toBeGreaterThan(all.length * 0.2);
    expect(recent.length).toBeLessThan(all.length * 0.5);
  });

  it('dates a quiet course by its health: last activity no later than its rows’, months back when inactive', async () => {
    const listed = new Map((await everyCourse()).map((course) => [course.id, course]));
    const data = getDemoData({ now: REFERENCE_TIME });
    const time = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);
    const quiet = generatedCourses().filter((course) => course.health !== 'alive' && course.health !== 'overdue');
    expect(quiet.length).toBeGreaterThan(150);
    for (const course of quiet) {
      const { last_activity: lastActivity, updated_at: updatedAt, created_at: createdAt } = listed.get(course.id) ?? {};
      const rows = (data.courses.get(course.id) ?? []).map((row) => row.last_activity).filter((value) => !!value);
      const newest = Math.max(...rows.map(time));
      expect(time(lastActivity), `course ${course.id}`).toBeGreaterThanOrEqual(newest);
      expect(time(createdAt), `course ${course.id}`).toBeLessThan(Math.min(...rows.map(time)));
      if (course.health === 'inactive') {
        expect(time(lastActivity)).toBeLessThanOrEqual(REFERENCE_TIME - 90 * DAY_MS);
        expect(time(updatedAt)).toBeLessThanOrEqual(time(lastActivity));
      }
      if (course.health === 'not-started') {
        expect(time(createdAt)).toBeGreaterThan(REFERENCE_TIME - 60 * DAY_MS);
      }
    }
  });

  it('has a few hostile names and non-Latin ones, all as sent', async () => {
    const names = new Map((await everyCourse()).map((course) => [course.id, course.name]));
    for (const [id, name] of HOSTILE_COURSE_NAMES) expect(names.get(id)).toBe(name);
    const all = [...names.values()];
    expect(all.some((name) => name.includes('<script>'))).toBe(true);
    expect(all.some((name) => name.length > 150)).toBe(true);
    expect(all.some((name) => /[\u0590-\u06ff]/.test(name))).toBe(true);
    expect(all.filter((name) => /[а-яё]/i.test(name)).length).toBeGreaterThan(50);
    expect(all.filter((name) => /[\u4e00-\u9fff]/.test(name)).length).toBeGreaterThan(20);
    expect(all.some((name) => /[é]/.test(name))).toBe(true);
  });

  it('narrows to the content types asked for with types[]', async () => {
    const quizzes = await get(`${COURSES}?types[]=2&per_page=100`);
    const items = courses(quizzes.json);
    expect(items.length).toBeGreaterThan(10);
    expect(items.every((course) => course.content_type === 2)).toBe(true);
    expect(Number(quizzes.headers.total)).toBeLessThan(200);
    const both = await get(`${COURSES}?types[]=2&types[]=3&per_page=1`);
    expect(Number(both.headers.total)).toBeGreaterThan(Number(quizzes.headers.total));
  });

  it('moves its dates with the day, like the statistics', async () => {
    const later = makeApp({}, { now: () => REFERENCE_TIME + 10 * DAY_MS + 3_600_000 });
    const [today] = courses((await get(`${COURSES}?per_page=1`)).json);
    const [tenDaysOn] = courses((await later.inject({ url: `${COURSES}?per_page=1`, headers: DEMO_AUTH })).json());
    await later.close();
    expect(Date.parse(tenDaysOn?.last_activity ?? '') - Date.parse(today?.last_activity ?? '')).toBe(10 * DAY_MS);
  });

  it.each([
    ['per_page=101', 400, /per_page/],
    ['per_page=0', 400, /per_page/],
    ['page=1&page=2', 400, /repeated/],
    ['types[]=x', 400, /types\[\]/],
    ['sort=name', 400, /Unknown query parameter "sort"/],
  ])('refuses %s with %i', async (query, status, message) => {
    const answer = await get(`${COURSES}?${query}`);
    expect(answer.status).toBe(status);
    expect(errorBodySchema.parse(answer.json).error).toMatch(message);
  });

  it('needs a token, and answers 405 to other methods', async () => {
    expect((await get(COURSES, {})).status).toBe(401);
    expect((await get(COURSES, { authorization: 'Bearer wrong' })).status).toBe(401);
    const post = await app.inject({ method: 'POST', url: COURSES, headers: DEMO_AUTH });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET');
  });
});

describe('demo API: a course’s sessions', () => {
  async function bothKinds(courseId: number) {
    const active = await get(sessionsUrl(courseId, 'filter=active&per_page=100'));
    const archived = await get(sessionsUrl(courseId, 'filter=archived&per_page=100'));
    expect(active.status).toBe(200);
    expect(archived.status).toBe(200);
    return { active: sessions(active.json), archived: sessions(archived.json) };
  }

  it('lists the sessions its statistics name, old ones archived', async () => {
    const data = getDemoData({ now: REFERENCE_TIME });
    let archivedCount = 0;
    for (const courseId of [101, 102, 103, 104, 106, 107, 2001, 2002, 2013, 2500, 2999]) {
      const { active, archived } = await bothKinds(courseId);
      archivedCount += archived.length;
      const listed = [...active, ...archived].map((session) => [session.id, session.name]).sort();
      const named = new Map(
        (data.courses.get(courseId) ?? []).map((row) => [row.course_session_id, row.course_session_name]),
      );
      expect(listed, String(courseId)).toEqual([...named].sort());
      for (const session of archived) expect(session.finished).toBe(true);
      for (const session of active) expect(session.finished).toBe(false);
      for (const session of [...active, ...archived]) expect(session.course_id).toBe(courseId);
    }
    expect(archivedCount).toBeGreaterThan(3);
    const course101 = await bothKinds(101);
    expect(course101.archived.map((session) => session.name)).toEqual(['Spring 2026']);
    expect(course101.active.map((session) => session.name)).toEqual(['Autumn 2026', 'Self-paced']);
    expect(course101.active[1]).toMatchObject({ infinitely: true, finished_at: null });
  });

  it('gives active sessions when no filter is sent, and pages them', async () => {
    expect(sessions((await get(sessionsUrl(103))).json).map((session) => session.id)).toEqual([1033, 1034]);
    const page = await get(sessionsUrl(103, 'filter=archived&per_page=1&page=2'));
    expect(sessions(page.json).map((session) => session.id)).toEqual([1032]);
    expect(page.headers.total).toBe('2');
  });

  it.each([
    [sessionsUrl(999), 404],
    [sessionsUrl(2000), 404],
    [sessionsUrl('01'), 404],
    [sessionsUrl(101, 'filter=all'), 400],
    [sessionsUrl(101, 'per_page=101'), 400],
  ])('answers %s with %i', async (url, status) => {
    expect((await get(url)).status).toBe(status);
  });
});

describe('demo data: learners across courses', () => {
  it(`has learner ${SHARED_LEARNER_ID} in course 101 and in dozens of others`, () => {
    const data = getDemoData({ now: REFERENCE_TIME });
    const found: number[] = [];
    const ids = [101, 102, 103, 104, 107];
    for (let id = FIRST_GENERATED_COURSE_ID; id <= LAST_GENERATED_COURSE_ID; id += 1) ids.push(id);
    for (const id of ids) {
      if ((data.courses.get(id) ?? []).some((row) => row.user_id === SHARED_LEARNER_ID)) found.push(id);
    }
    expect(found).toContain(101);
    expect(found.length).toBeGreaterThan(40);
  });
});
