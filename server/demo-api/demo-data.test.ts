import { describe, expect, it } from 'vitest';
import {
  courseStatKeys,
  courseStatSchema,
  labelEntryShape,
  labelGroupSchema,
  labelGroupShape,
  type CourseStatWire,
} from '../../contract/index';
import {
  buildCourseStats,
  DEMO_COURSES,
  type CourseStatsByCourse,
  EMPTY_COURSE_ID,
  LARGE_SCALE_COURSE_ID,
  REFERENCE_DATE,
  SCALE_COURSE_ID,
  SECURITY_COURSE_ID,
} from './courses';
import { COURSE_HEALTHS, courseHealth, type CourseHealth } from './course-health';
import { getDemoData } from './demo-data';
import { generatedCourses } from './generated-courses';

// The clock pinned at the day the data is written against: the dates below are exactly as written.
const data = getDemoData({ now: Date.parse(REFERENCE_DATE) });
// The 50,000-row course comes from the generator of course 1000 and has tests of its own below; the checks of
// every row walk the others (walking it too would take seconds in every test that does).
const walked = DEMO_COURSES.filter((course) => course.id !== LARGE_SCALE_COURSE_ID).map((course) => course.id);
const statsOf = (courses: CourseStatsByCourse, courseId: number) => courses.get(courseId) ?? [];
const allStats: CourseStatWire[] = walked.flatMap((courseId) => statsOf(data.courses, courseId));
const statKeys = new Set<string>(courseStatKeys);
const groupKeys = new Set(Object.keys(labelGroupShape));
const entryKeys = new Set(Object.keys(labelEntryShape));

describe('demo data against the contract', () => {
  it('every statistic of every course parses with the strict contract schema', () => {
    const failures = allStats.flatMap((stat) => {
      const result = courseStatSchema.safeParse(stat);
      return result.success ? [] : [{ id: stat.id, issues: result.error.issues }];
    });
    expect(allStats.length).toBeGreaterThan(10_000);
    expect(failures).toEqual([]);
  });

  it('statistics carry only the spec fields', () => {
    const extra = allStats.flatMap((stat) => Object.keys(stat).filter((key) => !statKeys.has(key)));
    expect(extra).toEqual([]);
    // ...and never a key whose value is undefined (it would vanish on the wire and hide a bug).
    expect(allStats.filter((stat) => Object.values(stat).some((value) => value === undefined))).toEqual([]);
  });

  it('every label group parses with the strict contract schema and carries only spec fields', () => {
    const failures = data.labelGroups.flatMap((group, index) => {
      const result = labelGroupSchema.safeParse(group);
      return result.success ? [] : [{ index, issues: result.error.issues }];
    });
    expect(failures).toEqual([]);
    const extra = data.labelGroups.flatMap((group) => [
      ...Object.keys(group).filter((key) => !groupKeys.has(key)),
      ...(group.labels ?? []).flatMap((entry) => Object.keys(entry).filter((key) => !entryKeys.has(key))),
    ]);
    expect(extra).toEqual([]);
  });
});

describe('demo courses', () => {
  it('are the documented ones, with the documented sizes', () => {
    expect(DEMO_COURSES.map((course) => course.id)).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 1000, 5000]);
    for (const course of DEMO_COURSES) {
      expect(data.courses.get(course.id)).toHaveLength(course.statCount);
      expect(course.sessions.length).toBeGreaterThanOrEqual(2);
      expect(course.sessions.length).toBeLessThanOrEqual(4);
      if (course.id !== SCALE_COURSE_ID && course.id !== LARGE_SCALE_COURSE_ID) {
        expect(course.statCount).toBeLessThanOrEqual(300);
      }
    }
    expect(data.courses.get(EMPTY_COURSE_ID)).toEqual([]);
    expect(data.courses.get(SCALE_COURSE_ID)).toHaveLength(10_000);
    expect(data.courses.get(LARGE_SCALE_COURSE_ID)).toHaveLength(50_000);
    expect(data.courses.get(999)).toBeUndefined();
  });

  it('are the same on every run', () => {
    const again = buildCourseStats();
    for (const courseId of walked) expect(again.get(courseId)).toEqual(statsOf(data.courses, courseId));
  });

  it('have unique ids in ascending order and consistent course fields', () => {
    const ids = allStats.map((stat) => stat.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const course of DEMO_COURSES.filter((demo) => walked.includes(demo.id))) {
      const stats = statsOf(data.courses, course.id);
      expect(stats.map((stat) => stat.id)).toEqual(stats.map((stat) => stat.id).sort((a, b) => a - b));
      const sessionIds = new Set(course.sessions.map((session) => session.id));
      for (const stat of stats) {
        expect(stat.course_id).toBe(course.id);
        expect(stat.coursename).toBe(course.name);
        expect(sessionIds.has(stat.course_session_id)).toBe(true);
      }
    }
  });

  it('enrol users in several sessions of a course, never twice in one session', () => {
    for (const courseId of walked) {
      const pairs = statsOf(data.courses, courseId).map((stat) => `${stat.user_id}/${stat.course_session_id}`);
      expect(new Set(pairs).size, `course ${courseId}`).toBe(pairs.length);
    }
    const sessionsPerUser = new Map<number, Set<number>>();
    for (const stat of data.courses.get(101) ?? []) {
      sessionsPerUser.set(stat.user_id, (sessionsPerUser.get(stat.user_id) ?? new Set()).add(stat.course_session_id));
    }
    expect([...sessionsPerUser.values()].filter((sessions) => sessions.size > 1).length).toBeGreaterThan(10);
  });

  it('keep completed, success and progress consistent', () => {
    for (const stat of allStats) {
      if (stat.success) expect(stat.completed).toBe(true);
      expect(stat.progress).toBeGreaterThanOrEqual(0);
      expect(stat.progress).toBeLessThanOrEqual(100);
      if (stat.progress === 0) expect(stat.completed).toBe(false);
    }
    expect(allStats.some((stat) => stat.completed && !stat.success)).toBe(true);
    expect(allStats.some((stat) => stat.progress === 0 && !stat.completed && stat.time_spent === 0)).toBe(true);
  });

  it('hold the spec quirks and edge values', () => {
    const has = (predicate: (stat: CourseStatWire) => boolean) => allStats.some(predicate);
    expect(has((stat) => stat.quiz_count === '')).toBe(true);
    expect(has((stat) => stat.quiz_count === null)).toBe(true);
    expect(has((stat) => !('quiz_count' in stat))).toBe(true);
    expect(has((stat) => stat.last_activity === '')).toBe(true);
    expect(has((stat) => stat.last_activity === null)).toBe(true);
    expect(has((stat) => stat.deadline === null)).toBe(true);
    expect(has((stat) => !('deadline' in stat))).toBe(true);
    expect(has((stat) => stat.cert_file === null)).toBe(true);
    expect(has((stat) => !('cert_file' in stat))).toBe(true);
    expect(has((stat) => !('score_percent' in stat))).toBe(true);
    expect(has((stat) => !('progress_percent' in stat))).toBe(true);
    expect(has((stat) => !Number.isInteger(stat.time_spent))).toBe(true);
    // Deadlines that passed before the reference date, on work that was not completed.
    const now = Date.parse(REFERENCE_DATE);
    expect(has((stat) => !!stat.deadline && Date.parse(stat.deadline) < now && !stat.completed)).toBe(true);
    expect(has((stat) => /[а-яё]/i.test(stat.username))).toBe(true);
    expect(has((stat) => /[α-ω]/i.test(stat.username))).toBe(true);
    expect(has((stat) => /[\u4e00-\u9fff]/.test(stat.username))).toBe(true);
    expect(has((stat) => stat.username.includes("'"))).toBe(true);
    expect(has((stat) => /[éèüøñ]/.test(stat.username))).toBe(true);
  });

  it('give passed learners an https certificate link outside the security course', () => {
    const passed = allStats.filter((stat) => stat.success && stat.course_id !== SECURITY_COURSE_ID);
    const links = passed.map((stat) => stat.cert_file).filter((file) => typeof file === 'string');
    expect(links.length).toBeGreaterThan(passed.length * 0.8);
    expect(links.every((link) => link.startsWith('https://'))).toBe(true);
  });

  it('keep markup in the security check course only', () => {
    const markup = allStats.filter((stat) => /[<>]/.test(stat.username + stat.coursename + stat.course_session_name));
    expect(new Set(markup.map((stat) => stat.course_id))).toEqual(new Set([SECURITY_COURSE_ID]));
    expect(markup.some((stat) => stat.username === '<img src=x onerror=alert(1)>')).toBe(true);
    expect(markup.some((stat) => stat.coursename.includes('<b>bold</b>'))).toBe(true);
  });
});

describe('the 50,000-row course', () => {
  const stats = statsOf(data.courses, LARGE_SCALE_COURSE_ID);

  it('holds 50,000 statistics in id order, each parsing with the contract schema (every 97th checked)', () => {
    expect(stats).toHaveLength(50_000);
    const ids = stats.map((stat) => stat.id);
    expect(new Set(ids).size).toBe(50_000);
    expect(ids.every((id, index) => index === 0 || id > (ids[index - 1] ?? 0))).toBe(true);
    const sample = stats.filter((_stat, index) => index % 97 === 0);
    expect(sample.filter((stat) => !courseStatSchema.safeParse(stat).success)).toEqual([]);
    expect(stats.every((stat) => stat.course_id === LARGE_SCALE_COURSE_ID)).toBe(true);
  });

  it('enrols 15,000 learners, the first 3,000 of them the users of the other courses, never twice in one session', () => {
    const sessions = new Map<number, number>();
    const pairs = new Set<string>();
    for (const stat of stats) {
      sessions.set(stat.course_session_id, (sessions.get(stat.course_session_id) ?? 0) + 1);
      pairs.add(`${stat.user_id}/${stat.course_session_id}`);
    }
    expect([...sessions.values()]).toEqual([12_500, 12_500, 12_500, 12_500]);
    expect(pairs.size).toBe(50_000);
    const users = new Map(stats.map((stat) => [stat.user_id, stat.username]));
    expect(users.size).toBeGreaterThan(14_000);
    expect(Math.max(...users.keys())).toBeLessThanOrEqual(25_000);
    for (const stat of statsOf(data.courses, SCALE_COURSE_ID)) {
      const name = users.get(stat.user_id);
      if (name !== undefined) expect(name).toBe(stat.username);
    }
  });
});

describe('demo dates', () => {
  const DAY = 86_400_000;
  const isDate = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';
  const dated = (stats: readonly CourseStatWire[]) =>
    stats.flatMap((stat) => [stat.deadline, stat.last_activity]).filter(isDate);

  it('follow the current day, whole days at a time, each in its own offset', () => {
    const later = buildCourseStats(Date.parse(REFERENCE_DATE) + 10 * DAY + 5 * 3_600_000);
    for (const courseId of walked) {
      const before = dated(statsOf(data.courses, courseId));
      const after = dated(later.get(courseId) ?? []);
      expect(after).toHaveLength(before.length);
      after.forEach((value, index) => {
        const original = before[index] ?? '';
        expect(Date.parse(value) - Date.parse(original), `${courseId}: ${original} -> ${value}`).toBe(10 * DAY);
        expect(value.slice(19)).toBe(original.slice(19));
      });
    }
    expect(dated(later.get(101) ?? []).length).toBeGreaterThan(100);
  });

  it('are the same all day, and differ from one day to the next', () => {
    const morning = Date.parse('2027-03-15T00:00:01Z');
    const evening = Date.parse('2027-03-15T23:59:59Z');
    expect(getDemoData({ now: evening }).courses.get(103)).toEqual(buildCourseStats(morning).get(103));
    expect(buildCourseStats(morning + 86_400_000).get(103)).not.toEqual(buildCourseStats(morning).get(103));
  });

  it('split learners as live data would on any day: some overdue and some not, some inactive for 14 days and some not', () => {
    const now = Date.parse('2027-03-15T10:00:00Z');
    const courses = buildCourseStats(now);
    const stats = walked.flatMap((courseId) => statsOf(courses, courseId)).filter((stat) => !stat.completed);
    const deadlines = stats.map((stat) => stat.deadline).filter(isDate);
    expect(deadlines.some((value) => Date.parse(value) < now)).toBe(true);
    expect(deadlines.some((value) => Date.parse(value) > now)).toBe(true);
    const activity = stats.map((stat) => stat.last_activity).filter(isDate);
    const recent = activity.filter((value) => now - Date.parse(value) < 14 * DAY).length;
    expect(recent).toBeGreaterThan(activity.length * 0.2);
    expect(recent).toBeLessThan(activity.length * 0.8);
    expect(activity.every((value) => Date.parse(value) < now)).toBe(true);
  });

  // What the quick filters find in a course people are taking: the demo looks alive on any day.
  const days = ['2026-11-01T00:00:00Z', '2027-03-15T10:00:00Z', '2027-07-04T23:30:00Z'];
  it.each(days)(
    'look alive in every course with statistics on %s: some active, some overdue, a few done each week',
    (day) => {
      const now = Date.parse(day);
      const courses = buildCourseStats(now);
      const shares = DEMO_COURSES.filter((course) => course.statCount > 0).map((course) => {
        const stats = statsOf(courses, course.id);
        const share = (test: (stat: CourseStatWire) => boolean) => stats.filter(test).length / stats.length;
        const ago = (value: string | null | undefined) => (isDate(value) ? now - Date.parse(value) : Infinity);
        return {
          course: course.id,
          active: share((stat) => ago(stat.last_activity) < 14 * DAY),
          overdue: share(
            (stat) => !stat.completed && !stat.success && isDate(stat.deadline) && Date.parse(stat.deadline) < now,
          ),
          doneThisWeek: stats.filter((stat) => stat.completed && ago(stat.last_activity) < 7 * DAY).length,
        };
      });
      for (const { course, active, overdue, doneThisWeek } of shares) {
        expect(active, `course ${course}: active in the last 14 days`).toBeGreaterThanOrEqual(0.25);
        expect(active, `course ${course}: active in the last 14 days`).toBeLessThanOrEqual(0.6);
        expect(overdue, `course ${course}: overdue`).toBeGreaterThanOrEqual(0.1);
        expect(overdue, `course ${course}: overdue`).toBeLessThanOrEqual(0.3);
        expect(doneThisWeek, `course ${course}: completed in the last week`).toBeGreaterThanOrEqual(1);
      }
      expect(shares.map((entry) => entry.course)).toContain(101);
    },
    // Each day builds every course's statistics, the 50,000-row course among them: seconds alone, and more than
    // the default 15 s beside a second suite.
    60_000,
  );
});

describe('the generated courses’ health', () => {
  const DAY = 86_400_000;
  const isDate = (value: string | null | undefined): value is string => typeof value === 'string' && value !== '';
  const generated = generatedCourses();
  const ofHealth = (health: CourseHealth) => generated.filter((course) => (course.health ?? 'alive') === health);

  it('is alive for most courses, and each other kind for a share of them, decided by the id', () => {
    const counts = new Map(COURSE_HEALTHS.map((health) => [health, ofHealth(health).length]));
    expect(counts.get('alive')).toBeGreaterThan(generated.length * 0.6);
    expect(counts.get('alive')).toBeLessThan(generated.length * 0.8);
    for (const health of COURSE_HEALTHS) expect(counts.get(health), health).toBeGreaterThan(generated.length * 0.04);
    for (const course of generated) expect(course.health).toBe(courseHealth(course.id).health);
    // The ones the README names.
    const named: Record<CourseHealth, number[]> = {
      alive: [2001, 2002],
      overdue: [2003, 2111],
      done: [2016, 2053],
      inactive: [2116, 2167],
      'not-started': [2047, 2052],
    };
    for (const health of COURSE_HEALTHS)
      for (const id of named[health]) expect(courseHealth(id).health, String(id)).toBe(health);
  });

  // What the account overview shows for each kind, whatever the day.
  const days = ['2026-11-01T00:00:00Z', '2027-03-15T10:00:00Z', '2027-07-04T23:30:00Z'];
  it.each(days)('gives each kind its shares on %s', (day) => {
    const now = Date.parse(day);
    const courses = buildCourseStats(now);
    const ago = (value: string | null | undefined) => (isDate(value) ? now - Date.parse(value) : Infinity);
    const isOverdue = (stat: CourseStatWire) =>
      !stat.completed && isDate(stat.deadline) && Date.parse(stat.deadline) < now;
    const share = (stats: readonly CourseStatWire[], test: (stat: CourseStatWire) => boolean) =>
      stats.filter(test).length / stats.length;
    /** Each course's rows (those with 10 or more, where a share means something), and all of them pooled. */
    const rowsOf = (health: CourseHealth) => {
      const each = ofHealth(health).map((course) => statsOf(courses, course.id));
      return { each: each.filter((stats) => stats.length >= 10), pooled: each.flat() };
    };

    const alive = rowsOf('alive').pooled;
    expect(share(alive, (stat) => ago(stat.last_activity) < 14 * DAY)).toBeGreaterThan(0.3);
    expect(share(alive, isOverdue)).toBeGreaterThan(0.1);
    expect(share(alive, isOverdue)).toBeLessThan(0.3);

    const overdue = rowsOf('overdue');
    expect(share(overdue.pooled, isOverdue)).toBeGreaterThan(0.4);
    expect(share(overdue.pooled, isOverdue)).toBeLessThan(0.7);
    for (const stats of overdue.each)
      expect(share(stats, isOverdue), `course ${stats[0]?.course_id}`).toBeGreaterThan(0.25);

    const done = rowsOf('done').pooled;
    expect(done.every((stat) => stat.completed && stat.progress === 100)).toBe(true);
    expect(done.some(isOverdue)).toBe(false);
    expect(share(done, (stat) => stat.success)).toBeGreaterThan(0.75);
    expect(share(done, (stat) => ago(stat.last_activity) < 14 * DAY)).toBeLessThan(0.05);

    const inactive = rowsOf('inactive').pooled;
    expect(inactive.filter((stat) => ago(stat.last_activity) < 90 * DAY)).toEqual([]);
    expect(share(inactive, (stat) => !stat.completed && stat.progress > 0)).toBeGreaterThan(0.3);

    const notStarted = rowsOf('not-started');
    expect(share(notStarted.pooled, (stat) => stat.progress === 0)).toBeGreaterThan(0.75);
    expect(share(notStarted.pooled, isOverdue)).toBeLessThan(0.1);
    for (const stats of notStarted.each) {
      expect(
        share(stats, (stat) => stat.progress === 0),
        `course ${stats[0]?.course_id}`,
      ).toBeGreaterThan(0.5);
    }
  });
});

describe('demo label groups', () => {
  const groups = data.labelGroups;

  it('hold 25+ groups of 0 to 8 labels with every shape the spec allows', () => {
    expect(groups.length).toBeGreaterThanOrEqual(25);
    expect(groups.every((group) => (group.labels?.length ?? 0) <= 8)).toBe(true);
    expect(groups.some((group) => group.labels?.length === 8)).toBe(true);
    expect(groups.some((group) => group.labels === null)).toBe(true);
    expect(groups.some((group) => Array.isArray(group.labels) && group.labels.length === 0)).toBe(true);
    expect(groups.some((group) => !('labels' in group))).toBe(true);
    expect(groups.some((group) => group.group_id === '')).toBe(true);
    expect(groups.some((group) => group.group_id === null)).toBe(true);
    expect(groups.some((group) => !('id' in group))).toBe(true);
    expect(groups.some((group) => !('name' in group))).toBe(true);
    expect(groups.some((group) => !('created_at' in group) && !('updated_at' in group))).toBe(true);
    expect(groups.some((group) => group.name === 'Должность')).toBe(true);
    expect(groups.some((group) => group.name === 'Café staff')).toBe(true);
  });

  it('nest some groups under other groups of the list, with DEMO_NESTED_LABEL_GROUPS', () => {
    const nestedGroups = getDemoData({ nestedLabelGroups: true }).labelGroups;
    const ids = new Set(nestedGroups.map((group) => group.id));
    const nested = nestedGroups.filter((group) => typeof group.group_id === 'number' && ids.has(group.group_id));
    expect(nested.map((group) => group.id)).toEqual([4, 5]);
  });

  it('keep to the spec by default: group_id only ever null or an empty string, the groups otherwise the same', () => {
    const values = new Set(groups.filter((group) => 'group_id' in group).map((group) => group.group_id));
    expect([...values].sort()).toEqual(['', null]);
    const nestedGroups = getDemoData({ nestedLabelGroups: true }).labelGroups;
    expect(groups).toHaveLength(nestedGroups.length);
    expect(groups.map(({ group_id: _parent, ...rest }) => rest)).toEqual(
      nestedGroups.map(({ group_id: _parent, ...rest }) => rest),
    );
    expect(nestedGroups.filter((group) => typeof group.group_id === 'number').map((group) => group.id)).toEqual([
      4, 5, 18,
    ]);
    for (const id of [4, 5, 18]) expect(groups.find((group) => group.id === id)?.group_id).toBeNull();
  });

  it('mix the label entry fields', () => {
    const entries = groups.flatMap((group) => group.labels ?? []);
    expect(entries.some((entry) => Object.keys(entry).length === 0)).toBe(true);
    expect(entries.some((entry) => entry.additionalProperties === true)).toBe(true);
    expect(entries.some((entry) => entry.additionalProperties === false && !('description' in entry))).toBe(true);
    expect(entries.some((entry) => (entry.required?.length ?? 0) > 1)).toBe(true);
    expect(entries.some((entry) => entry.type !== undefined && entry.description === undefined)).toBe(true);
  });
});
