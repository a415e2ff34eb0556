import { describe, expect, it } from 'vitest';
import { DEMO_COURSES, LARGE_SCALE_COURSE_ID } from '../server/demo-api/courses';
import { getDemoData } from '../server/demo-api/demo-data';
import { Random } from '../server/demo-api/random';
import { courseStatKeys, courseStatSchema, parsePlainCourseStat } from './course-stat';
import { ODD_VALUES } from './odd-values';
import { parseList } from './parse-list';

const plain = {
  id: 1,
  user_id: 11,
  username: 'Анна Смирнова',
  user_email: 'anna@example.com',
  course_id: 7,
  coursename: 'Onboarding',
  completed: true,
  success: false,
  course_session_id: 70,
  course_session_name: 'Autumn',
  deadline: '2026-12-01T18:00:00+03:00',
  time_spent: 90.5,
  quiz_count: 3,
  score: 40,
  score_percent: 40,
  last_activity: '2026-11-10T09:30:00Z',
  progress: 100,
  progress_percent: 100,
  completed_tasks: 4,
  cert_file: null,
};

/** Both on one input: the plain parser must give the schema's answer or hand over (undefined). */
function expectSameAnswer(input: unknown) {
  const fast = parsePlainCourseStat(input);
  const runtime = courseStatSchema.safeParse(input);
  if (fast === undefined) return runtime.success;
  expect(runtime.success, JSON.stringify(input)).toBe(true);
  expect(fast).toStrictEqual(runtime.data);
  return true;
}

describe('the plain course statistic parser', () => {
  it('takes every record of the demo data, with the output the schema gives', () => {
    let records = 0;
    // Not the 50,000-row course: it comes from the generator of course 1000, and would take seconds.
    const courses = DEMO_COURSES.filter((course) => course.id !== LARGE_SCALE_COURSE_ID);
    for (const course of courses) {
      for (const stat of getDemoData().courses.get(course.id) ?? []) {
        const wire: unknown = JSON.parse(JSON.stringify(stat));
        expect(parsePlainCourseStat(wire)).not.toBe(undefined);
        expectSameAnswer(wire);
        records += 1;
      }
    }
    expect(records).toBeGreaterThan(10_000);
    // Over 10,000 records, each parsed twice and compared: about 5 s alone, over 15 s beside a second suite.
  }, 60_000);

  it('gives the same answer as the schema for every field swapped for an odd value, left out, or added', () => {
    let accepted = 0;
    let handedOver = 0;
    for (const key of courseStatKeys) {
      for (const value of ODD_VALUES) {
        const input: Record<string, unknown> = { ...plain, [key]: value };
        if (parsePlainCourseStat(input) === undefined) handedOver += 1;
        else accepted += 1;
        expectSameAnswer(input);
      }
      const { [key]: _left, ...without } = plain;
      expectSameAnswer(without);
    }
    expectSameAnswer({ ...plain, extra: 1 });
    expectSameAnswer({ ...plain, __proto__: { id: 2 } });
    expectSameAnswer(JSON.parse('{"__proto__": 1}'));
    for (const odd of [null, undefined, 'x', 1, [], [plain], new Date(0)]) {
      expect(parsePlainCourseStat(odd)).toBe(undefined);
      expectSameAnswer(odd);
    }
    // Both branches were exercised: the comparison above is not vacuous either way.
    expect(accepted).toBeGreaterThan(50);
    expect(handedOver).toBeGreaterThan(200);
  });

  it('gives the same answer as the schema on random mixtures of odd values', () => {
    const random = new Random(41);
    for (let round = 0; round < 3000; round += 1) {
      const input: Record<string, unknown> = { ...plain };
      for (let change = random.int(1, 3); change > 0; change -= 1) {
        input[random.pick(courseStatKeys)] = ODD_VALUES[random.int(0, ODD_VALUES.length - 1)];
      }
      expectSameAnswer(input);
    }
  });

  it('lets parseList give the same items and report with it as without it', () => {
    const page: unknown[] = [
      plain,
      { ...plain, id: 2, quiz_count: '', last_activity: '', deadline: undefined },
      { ...plain, id: 3, score: '40', extra: true },
      { ...plain, id: 4, extra: true },
      'not a record',
      { ...plain, id: 5, deadline: '2026-02-29T00:00:00Z' },
    ];
    const quick = parseList(page, { schema: courseStatSchema, plain: parsePlainCourseStat });
    const slow = parseList(page, { schema: courseStatSchema });
    expect(quick).toStrictEqual(slow);
    expect(quick.items.map((item) => item.id)).toEqual([1, 2, 4]);
    expect(quick.report.rejected.map((item) => item.index)).toEqual([2, 4, 5]);
  });
});
