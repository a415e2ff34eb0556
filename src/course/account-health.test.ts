import { courseStatSchema } from '@contract';
import { QueryObserver } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/testing/api-handlers';
import { courseStatWire, parsedCourse } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';
import { TEST_NOW } from '@/testing/test-clock';
import { createAccountHealth, COURSES_AT_ONCE, type AccountHealth, type AccountKeeping } from './account-health';
import { HealthTally } from './course-health';
import type { StoredAccount } from './account-store';
import { wholeCourseQuery } from './whole-course-query';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** `count` rows of a course: every third overdue, every other one passed, learners 1..count. */
function rowsOf(courseId: number, count: number) {
  return Array.from({ length: count }, (_, index) =>
    courseStatWire({
      id: courseId * 1000 + index,
      course_id: courseId,
      user_id: index + 1,
      username: `Learner ${index + 1}`,
      user_email: `learner${index + 1}@example.com`,
      completed: index % 2 === 0,
      success: index % 2 === 0,
      progress: index % 2 === 0 ? 100 : 40,
      deadline: index % 3 === 0 && index % 2 === 1 ? iso(TEST_NOW - DAY_MS) : null,
      last_activity: iso(TEST_NOW - DAY_MS),
    }),
  );
}

/** Waits until the engine has nothing waiting or being read. */
function settled(engine: AccountHealth): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const { progress } = engine.getSnapshot();
      if (progress.total > 0 && progress.waiting === 0 && progress.reading === 0) {
        stop();
        resolve();
      }
    };
    const stop = engine.subscribe(check);
    check();
  });
}

describe('the account health reader', () => {
  it("reads every course's pages, most recently active first, and keeps each course's figures and learners", async () => {
    const sizes: Record<string, number> = { 1: 3, 2: 250, 3: 0 };
    const requests = serveApi({
      courseStats: ({ params }) => rowsOf(Number(params.course_id), sizes[params.course_id ?? ''] ?? 0),
    });
    const client = createTestQueryClient();
    const engine = createAccountHealth({ client, now: () => TEST_NOW });
    engine.setCourses([
      parsedCourse(1, { last_activity: iso(TEST_NOW - 9 * DAY_MS) }),
      parsedCourse(2, { last_activity: iso(TEST_NOW - DAY_MS) }),
      parsedCourse(3, { last_activity: null }),
    ]);
    // Queued before the screen starts it: nothing is asked yet.
    expect(engine.getSnapshot().progress).toMatchObject({ total: 3, waiting: 3 });
    expect(requests).toHaveLength(0);

    engine.start();
    await settled(engine);
    const { courses, progress, index } = engine.getSnapshot();
    expect(progress).toMatchObject({ total: 3, done: 3, failed: 0 });
    // Course 2 (the most recent activity) went first; its 250 rows took three pages of 100.
    const firstPages = requests.filter((url) => url.searchParams.get('page') === '1').map((url) => url.pathname);
    expect(firstPages[0]).toContain('/courses/2/');
    const course2Pages = requests.filter((url) => url.pathname.includes('/courses/2/'));
    expect(course2Pages.map((url) => url.searchParams.get('page'))).toEqual(expect.arrayContaining(['1', '2', '3']));
    expect(courses.get(2)?.health).toMatchObject({ rows: 250, learners: 250, completedPercent: 50 });
    expect(courses.get(1)?.health).toMatchObject({ rows: 3, learners: 3, overdue: 0, notStarted: 0 });
    // An empty course is read: its counts are 0 and its shares unknown, not 0 %.
    expect(courses.get(3)).toMatchObject({ state: 'done', health: { rows: 0, completedPercent: null } });
    // The learners of every course read, by name or email.
    expect(index.search('learner2@example.com', 5)[0]).toMatchObject({ userId: 2, courseIds: [1, 2] });
    // The rows are in the whole-course cache the statistics page reads.
    expect(client.getQueryData(wholeCourseQuery({ courseId: 2 }).queryKey)).toMatchObject({ complete: true });
  });

  it('works a course of several slices of rows into the same figures and learners as one of a single slice', async () => {
    const rowsPerTask = 100;
    const large = 2 * rowsPerTask + 7;
    serveApi({ courseStats: ({ params }) => rowsOf(Number(params.course_id), params.course_id === '1' ? large : 7) });
    const client = createTestQueryClient();
    const engine = createAccountHealth({ client, now: () => TEST_NOW, rowsPerTask });
    engine.setCourses([parsedCourse(1), parsedCourse(2)]);
    engine.start();
    await settled(engine);
    const { courses, index } = engine.getSnapshot();
    const expected = new HealthTally(TEST_NOW)
      .add(rowsOf(1, large).map((wire) => courseStatSchema.parse(wire)))
      .result();
    expect(courses.get(1)?.health).toEqual(expected);
    expect(courses.get(1)?.health).toMatchObject({
      rows: large,
      learners: large,
      completedPercent: expect.any(Number),
    });
    // Learners from the first slice, the last one and the course of one slice alike, each with their courses.
    expect(index.search('learner1@example.com', 1)[0]?.courseIds).toEqual([1, 2]);
    expect(index.search(`learner${large}@example.com`, 1)[0]?.courseIds).toEqual([1]);
    expect(index.learnersOf(1)).toHaveLength(large);
    engine.stop();
  });

  it('lets the rest go on when one course fails, says why, and reads it again on retry', async () => {
    let failing = true;
    serveApi({
      courseStats: ({ params }) =>
        params.course_id === '5' && failing
          ? new HttpResponse(null, { status: 403 })
          : rowsOf(Number(params.course_id), 2),
    });
    const engine = createAccountHealth({ client: createTestQueryClient(), now: () => TEST_NOW });
    engine.setCourses([4, 5, 6].map((id) => parsedCourse(id)));
    engine.start();
    await settled(engine);
    expect(engine.getSnapshot().progress).toMatchObject({ done: 2, failed: 1 });
    expect(engine.getSnapshot().courses.get(5)).toMatchObject({ state: 'failed', reason: 'forbidden', health: null });

    failing = false;
    engine.retry(5);
    expect(engine.getSnapshot().courses.get(5)?.state).not.toBe('failed');
    await settled(engine);
    expect(engine.getSnapshot().courses.get(5)).toMatchObject({ state: 'done', reason: null, health: { rows: 2 } });
  });

  it(`reads at most ${COURSES_AT_ONCE} courses at once, stops on pause and goes on after resume`, async () => {
    // Courses with a request on its way (a course may ask for a few pages at once).
    const open = new Map<string, number>();
    let most = 0;
    const release: Array<() => void> = [];
    serveApi({
      courseStats: async ({ params }) => {
        const id = params.course_id ?? '';
        open.set(id, (open.get(id) ?? 0) + 1);
        most = Math.max(most, open.size);
        await new Promise<void>((resolve) => release.push(resolve));
        const left = (open.get(id) ?? 1) - 1;
        if (left === 0) open.delete(id);
        else open.set(id, left);
        return rowsOf(Number(id), 1);
      },
    });
    const engine = createAccountHealth({ client: createTestQueryClient(), now: () => TEST_NOW });
    engine.setCourses(Array.from({ length: 8 }, (_, index) => parsedCourse(index + 1)));
    engine.start();
    await expect.poll(() => open.size).toBe(COURSES_AT_ONCE);
    engine.pause();
    // The courses being read finish; no other starts.
    await expect
      .poll(() => {
        release.splice(0).forEach((done) => done());
        return engine.getSnapshot().progress.done;
      })
      .toBe(COURSES_AT_ONCE);
    expect(engine.getSnapshot()).toMatchObject({ paused: true, progress: { waiting: 8 - COURSES_AT_ONCE } });
    expect(open.size).toBe(0);

    engine.resume();
    await expect
      .poll(() => {
        release.splice(0).forEach((done) => done());
        return engine.getSnapshot().progress.done;
      })
      .toBe(8);
    expect(most).toBe(COURSES_AT_ONCE);
  });

  it('when left, cancels the courses it was reading after a grace, but not one a screen opened meanwhile', async () => {
    const release: Array<() => void> = [];
    serveApi({
      courseStats: async ({ params, url }) => {
        await new Promise<void>((resolve) => release.push(resolve));
        return url.searchParams.get('page') === '1' ? rowsOf(Number(params.course_id), 3) : [];
      },
    });
    const client = createTestQueryClient();
    const engine = createAccountHealth({ client, now: () => TEST_NOW, stopGraceMs: 50 });
    engine.setCourses([1, 2].map((id) => parsedCourse(id)));
    engine.start();
    const state = (id: number) => client.getQueryState(wholeCourseQuery({ courseId: id }).queryKey);
    await expect.poll(() => engine.getSnapshot().progress.reading).toBe(2);
    engine.stop();
    // Within the grace both read on; then the statistics page of course 1 opens on the read in flight.
    expect(state(1)?.fetchStatus).toBe('fetching');
    expect(state(2)?.fetchStatus).toBe('fetching');
    const unobserve = new QueryObserver(client, wholeCourseQuery({ courseId: 1 })).subscribe(() => undefined);
    // Past the grace: course 2, which nothing shows, is cancelled; course 1 is not.
    await expect.poll(() => state(2)?.fetchStatus).toBe('idle');
    expect(state(1)?.fetchStatus).toBe('fetching');
    release.splice(0).forEach((done) => done());
    await expect.poll(() => state(1)?.data).toMatchObject({ complete: true, items: expect.any(Array) });
    expect(state(2)?.data).toMatchObject({ complete: false });
    unobserve();
  });

  it('keeps rows in the cache up to its budget, the most recently read, and never drops a course on screen', async () => {
    serveApi({ courseStats: ({ params }) => rowsOf(Number(params.course_id), 40) });
    const client = createTestQueryClient();
    const engine = createAccountHealth({ client, now: () => TEST_NOW, keptRows: 100 });
    // Course 1 is on screen: its statistics page observes its whole-course query.
    const unobserve = new QueryObserver(client, wholeCourseQuery({ courseId: 1 })).subscribe(() => undefined);
    engine.setCourses([1, 2, 3, 4, 5].map((id) => parsedCourse(id, { last_activity: iso(TEST_NOW - id * DAY_MS) })));
    engine.start();
    await settled(engine);
    const cached = [1, 2, 3, 4, 5].filter((id) => client.getQueryData(wholeCourseQuery({ courseId: id }).queryKey));
    // 100 rows: the course on screen (40) and the one read last (40); a third would pass the budget.
    expect(cached).toHaveLength(2);
    expect(cached).toContain(1);
    // The figures of every course stay.
    expect([...engine.getSnapshot().courses.values()].every((entry) => entry.health?.rows === 40)).toBe(true);
    unobserve();
  });

  it('stops every course when the token is rejected', async () => {
    serveApi({ courseStats: () => new HttpResponse(JSON.stringify({ error: 'Unauthorized' }), { status: 401 }) });
    const engine = createAccountHealth({ client: createTestQueryClient(), now: () => TEST_NOW });
    engine.setCourses(Array.from({ length: COURSES_AT_ONCE + 3 }, (_, index) => parsedCourse(index + 1)));
    engine.start();
    await expect.poll(() => engine.getSnapshot().stopped).not.toBeNull();
    await expect.poll(() => engine.getSnapshot().progress.reading).toBe(0);
    // Those started before the 401 came back failed; no course started after it.
    expect(engine.getSnapshot().progress.failed).toBeLessThanOrEqual(COURSES_AT_ONCE);
    expect(engine.getSnapshot().progress.waiting).toBeGreaterThanOrEqual(3);
  });

  it('keeps what it read on the device, and on the next visit reads again only the courses whose listed dates moved', async () => {
    // Learners 1..5 in each course, the odd ones passed; by the second visit course 2 has learners 6 and 7 too.
    let course2Rows = 5;
    const requests = serveApi({
      courseStats: ({ params }) => rowsOf(Number(params.course_id), params.course_id === '2' ? course2Rows : 5),
    });
    const saved: StoredAccount[] = [];
    const keeping = (account: StoredAccount | null): AccountKeeping => ({
      load: () => Promise.resolve(account),
      save: (written) => {
        saved.push(written);
        return Promise.resolve();
      },
    });
    const listed = (moved: boolean) =>
      [1, 2, 3].map((id) =>
        parsedCourse(id, {
          last_activity: iso(TEST_NOW - (id === 2 && moved ? 0 : 3) * DAY_MS),
          updated_at: iso(TEST_NOW - 30 * DAY_MS),
        }),
      );

    const first = createAccountHealth({ client: createTestQueryClient(), now: () => TEST_NOW, keeping: keeping(null) });
    first.setCourses(listed(false));
    first.start();
    await settled(first);
    // Leaving the screen writes what was read at once.
    first.stop();
    const written = saved.at(-1);
    if (!written) throw new Error('Nothing was written');
    expect(written.courses.map((entry) => entry.courseId).sort()).toEqual([1, 2, 3]);
    expect(written.index.learners).toHaveLength(5);
    expect(written.courses.map((entry) => entry.passedUserIds)).toEqual([
      [1, 3, 5],
      [1, 3, 5],
      [1, 3, 5],
    ]);
    expect(first.getSnapshot().storedAt).toBeNull();
    // Nothing was kept before: nothing to compare with.
    expect(first.getSnapshot().comparing).toBe(false);
    expect(first.getSnapshot().courses.get(1)?.since).toEqual({ newLearners: null, newlyPassed: null });

    // A day later the list says course 2 had activity since: only it is asked again, the others are shown as kept.
    requests.length = 0;
    course2Rows = 7;
    const later = TEST_NOW + 2 * 3_600_000;
    const second = createAccountHealth({
      client: createTestQueryClient(),
      now: () => later,
      keeping: keeping(written),
    });
    second.setCourses(listed(true));
    await expect.poll(() => second.getSnapshot().storedAt).toBe(TEST_NOW);
    const painted = second.getSnapshot();
    expect(painted.courses.get(1)).toMatchObject({ state: 'done', health: { rows: 5 } });
    // Course 2 shows what was kept until it is read again; what changed since is not known until then.
    expect(painted.courses.get(2)).toMatchObject({ state: 'waiting', health: { rows: 5 }, since: null });
    // Courses kept as they were have not changed since.
    expect(painted.comparing).toBe(true);
    expect(painted.courses.get(1)?.since).toEqual({ newLearners: 0, newlyPassed: 0 });
    expect(painted.index.search('Learner 3', 1)[0]?.courseIds).toEqual([1, 2, 3]);
    second.start();
    await settled(second);
    expect(new Set(requests.map((url) => url.pathname))).toEqual(new Set(['/endpoint/v1/courses/2/course_stats']));
    expect(second.getSnapshot().progress).toMatchObject({ total: 3, done: 3 });
    // Learners 6 and 7 are new to course 2, and 7 passed.
    expect(second.getSnapshot().courses.get(2)?.since).toEqual({ newLearners: 2, newlyPassed: 1 });
    // Written meanwhile, what this visit read is not what it compares with.
    second.stop();
    expect(saved.at(-1)?.courses.find((entry) => entry.courseId === 2)?.passedUserIds).toEqual([1, 3, 5, 7]);
    expect(second.getSnapshot().courses.get(2)?.since).toEqual({ newLearners: 2, newlyPassed: 1 });

    // Kept by the version before (no passed learners): learners compare, "newly passed" has nothing to compare with.
    requests.length = 0;
    const earlier: StoredAccount = {
      ...written,
      version: 1,
      courses: written.courses.map(({ passedUserIds: _, ...entry }) => entry),
    };
    const third = createAccountHealth({ client: createTestQueryClient(), now: () => later, keeping: keeping(earlier) });
    // The kept figures are painted first: the learner index is built from what was kept after that, and nothing
    // is asked before it is.
    const atPaint: Array<{ kept: number; learners: number; asked: number }> = [];
    third.subscribe(() => {
      const { storedAt, courses, index } = third.getSnapshot();
      if (storedAt !== null && atPaint.length === 0) {
        const kept = [...courses.values()].filter((entry) => entry.health !== null).length;
        atPaint.push({ kept, learners: index.learnerCount, asked: requests.length });
      }
    });
    third.setCourses(listed(true));
    third.start();
    await settled(third);
    expect(atPaint).toEqual([{ kept: 3, learners: 0, asked: 0 }]);
    expect(third.getSnapshot().index.learnerCount).toBe(7);
    expect(third.getSnapshot().courses.get(2)?.since).toEqual({ newLearners: 2, newlyPassed: null });
    expect(third.getSnapshot().courses.get(1)?.since).toEqual({ newLearners: 0, newlyPassed: null });
  });

  it('compares with nothing once the choice to keep is taken back', async () => {
    serveApi({ courseStats: ({ params }) => rowsOf(Number(params.course_id), 2) });
    const kept: StoredAccount = {
      version: 2,
      savedAt: TEST_NOW,
      courses: [],
      index: { version: 1, learners: [] },
    };
    const engine = createAccountHealth({
      client: createTestQueryClient(),
      now: () => TEST_NOW,
      keeping: { load: () => Promise.resolve(kept), save: () => Promise.resolve() },
    });
    engine.setCourses([parsedCourse(1)]);
    await expect.poll(() => engine.getSnapshot().comparing).toBe(true);
    engine.setKeeping(null);
    expect(engine.getSnapshot().comparing).toBe(false);
  });

  it('keeps nothing without the choice to keep', async () => {
    serveApi({ courseStats: ({ params }) => rowsOf(Number(params.course_id), 2) });
    const engine = createAccountHealth({ client: createTestQueryClient(), now: () => TEST_NOW });
    const saves: StoredAccount[] = [];
    engine.setCourses([parsedCourse(1)]);
    engine.start();
    await settled(engine);
    engine.stop();
    // Chosen later: what was read so far is written then.
    engine.setKeeping({
      load: () => Promise.resolve(null),
      save: (account) => Promise.resolve(void saves.push(account)),
    });
    expect(saves).toHaveLength(1);
    expect(saves[0]?.courses.map((entry) => entry.courseId)).toEqual([1]);
  });
});
