import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseListSpec, parseList, type Course } from '../../contract/index';
import { DEMO_AUTH, makeApp } from '../test-support';
import { demoCourse, REFERENCE_DATE } from './courses';
import { getDemoData } from './demo-data';
import { FIRST_LARGE_COURSE_ID, LAST_LARGE_COURSE_ID, LARGE_COURSE_LEARNERS } from './generated-courses';

// DEMO_ACCOUNT=large: about 5,000 courses and 300,000 rows for the benchmark, made lazily like the standard ones.
// Generating every row would take tens of seconds here: the rows are counted from each course's statCount, and a
// sample of courses is generated to hold those counts true.

const REFERENCE_TIME = Date.parse(REFERENCE_DATE);
const COURSES = '/endpoint/v1/courses';

let large: FastifyInstance;
beforeAll(async () => {
  large = makeApp({ demoAccount: 'large' }, { now: () => REFERENCE_TIME });
  await large.ready();
});
afterAll(() => large.close());

const ask = (app: FastifyInstance, url: string) => app.inject({ url, headers: DEMO_AUTH });

async function everyCourse(): Promise<Course[]> {
  const all: Course[] = [];
  for (let page = 1; page <= 60; page += 1) {
    const { items } = parseList((await ask(large, `${COURSES}?page=${page}&per_page=100`)).json(), courseListSpec);
    all.push(...items);
    if (items.length < 100) break;
  }
  return all;
}

describe('the large demo account', () => {
  it('lists about 5,000 courses with a Total that matches, the standard ones among them', async () => {
    const first = await ask(large, `${COURSES}?per_page=1`);
    const total = Number(first.headers.total);
    expect(total).toBeGreaterThan(4_900);
    expect(total).toBeLessThan(5_100);
    const all = await everyCourse();
    expect(all).toHaveLength(total);
    const ids = all.map((course) => course.id);
    expect(ids).toEqual(
      expect.arrayContaining([101, 1000, 5000, 2001, 2999, FIRST_LARGE_COURSE_ID, LAST_LARGE_COURSE_ID]),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('holds about 300,000 rows, skewed: most courses small, some in the hundreds', async () => {
    const sizes = (await everyCourse()).map((course) => demoCourse(course.id, 'large')?.statCount ?? Number.NaN);
    const rows = sizes.reduce((sum, size) => sum + size, 0);
    expect(rows).toBeGreaterThan(270_000);
    expect(rows).toBeLessThan(340_000);
    const sorted = sizes.toSorted((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(40);
    expect(sizes.filter((size) => size >= 300).length).toBeGreaterThan(50);
  });

  it('gives each sampled course the rows its size says, from 20,000 learners who are each in several courses', () => {
    const { courses } = getDemoData({ now: REFERENCE_TIME, account: 'large' });
    const coursesOf = new Map<number, Set<number>>();
    let expected = 0;
    let generated = 0;
    for (let id = FIRST_LARGE_COURSE_ID; id <= LAST_LARGE_COURSE_ID; id += 25) {
      const rows = courses.get(id) ?? [];
      expected += demoCourse(id, 'large')?.statCount ?? Number.NaN;
      generated += rows.length;
      for (const row of rows) {
        expect(row.course_id).toBe(id);
        coursesOf.set(row.user_id, (coursesOf.get(row.user_id) ?? new Set()).add(id));
      }
    }
    expect(generated).toBe(expected);
    // 160 of the 3,999 courses: about a twenty-fifth of their rows.
    expect(generated * 25).toBeGreaterThan(200_000);
    const users = [...coursesOf.keys()];
    expect(Math.min(...users)).toBeGreaterThanOrEqual(10_001);
    expect(Math.max(...users)).toBeLessThanOrEqual(10_000 + LARGE_COURSE_LEARNERS);
    expect(users.length).toBeGreaterThan(3_000);
    expect([...coursesOf.values()].filter((ids) => ids.size > 1).length).toBeGreaterThan(500);
  });

  it('answers the large courses’ statistics and sessions; the standard account has no such course', async () => {
    const stats = await ask(large, `/endpoint/v1/courses/${FIRST_LARGE_COURSE_ID}/course_stats?per_page=5`);
    expect(stats.statusCode).toBe(200);
    expect(stats.json()).toEqual(
      getDemoData({ now: REFERENCE_TIME, account: 'large' }).courses.get(FIRST_LARGE_COURSE_ID)?.slice(0, 5),
    );
    const sessions = await ask(large, `/endpoint/v1/courses/${FIRST_LARGE_COURSE_ID}/course_sessions?filter=archived`);
    expect(sessions.statusCode).toBe(200);
    expect((await ask(large, `/endpoint/v1/courses/${LAST_LARGE_COURSE_ID + 1}/course_stats`)).statusCode).toBe(404);

    const standard = makeApp({}, { now: () => REFERENCE_TIME });
    try {
      expect((await ask(standard, `/endpoint/v1/courses/${FIRST_LARGE_COURSE_ID}/course_stats`)).statusCode).toBe(404);
      expect((await ask(standard, `/endpoint/v1/courses/${FIRST_LARGE_COURSE_ID}/course_sessions`)).statusCode).toBe(
        404,
      );
      // The courses both accounts have are the same in both.
      for (const url of [`${COURSES}?per_page=100`, '/endpoint/v1/courses/2001/course_stats?per_page=100']) {
        expect((await ask(large, url)).body, url).toBe((await ask(standard, url)).body);
      }
    } finally {
      await standard.close();
    }
  });
});
