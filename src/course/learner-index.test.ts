// @vitest-environment node
import { courseStatSchema, type CourseStat } from '@contract';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { LearnerIndex, type LearnerMatch } from './learner-index';
import { learnersByCourse } from './learner-index-data';

let nextRowId = 1;
/** A row of `userId` in a course, named and addressed as given. */
function row(userId: number, username: string, userEmail = `user${userId}@example.com`): CourseStat {
  nextRowId += 1;
  return courseStatSchema.parse(courseStatWire({ id: nextRowId, user_id: userId, username, user_email: userEmail }));
}

const brief = (matches: LearnerMatch[]) => matches.map((match) => `${match.name}:${match.match}`);

describe('LearnerIndex', () => {
  it('finds a learner by name, email or user ID, accents and case aside, with the courses they are in', () => {
    const index = new LearnerIndex();
    index.add(7, [row(1, 'Ánna Petrova', 'Anna.Petrova@Example.com'), row(2, 'Boris Ivanov')]);
    index.add(9, [row(1, 'Ánna Petrova', 'Anna.Petrova@Example.com')]);
    const expected = {
      userId: 1,
      name: 'Ánna Petrova',
      email: 'Anna.Petrova@Example.com',
      courseIds: [7, 9],
      match: 'exact',
    };
    expect(index.search('ANNA PETROVA', 10)).toEqual([expected]);
    expect(index.search(' anna.petrova@example.COM ', 10)).toEqual([expected]);
    expect(index.search('1', 10)).toEqual([expected]);
    expect(index.search('ivanov', 10).map((match) => match.userId)).toEqual([2]);
    expect(index.search('nobody', 10)).toEqual([]);
    expect(index.search('   ', 10)).toEqual([]);
  });

  it('ranks exact matches first, then the start of the name, a word or the email, then a part; by name within', () => {
    const index = new LearnerIndex();
    index.add(1, [
      row(10, 'Marianna Smith', 'ms@example.com'),
      row(11, 'Anna', 'someone@example.com'),
      row(12, 'Zoe Anna-Lee', 'zoe@example.com'),
      row(13, 'Anna Karenina', 'ak@example.com'),
      row(14, 'Boris', 'anna.b@example.com'),
      row(15, 'Joanna', 'jo@example.com'),
    ]);
    expect(brief(index.search('anna', 10))).toEqual([
      'Anna:exact',
      'Anna Karenina:prefix',
      'Boris:prefix',
      'Zoe Anna-Lee:prefix',
      'Joanna:substring',
      'Marianna Smith:substring',
    ]);
  });

  it('counts every learner that matches, beyond the first few it lists, each once', () => {
    const index = new LearnerIndex();
    index.add(1, [row(1, 'Anna One'), row(2, 'Anna Two'), row(3, 'Joanna'), row(4, 'Boris')]);
    // Anna Two renamed in a course read later: her old part is dead, and she counts once.
    index.add(2, [row(2, 'Anna Second')]);
    index.add(3, [row(5, 'Hanna', 'anna.h@example.com')]);
    const found = index.find('anna', 2);
    expect(brief(found.matches)).toEqual(['Anna One:prefix', 'Anna Second:prefix']);
    expect(found.total).toBe(4);
    expect(index.find('boris', 2)).toMatchObject({ total: 1 });
    expect(index.find('nobody', 2)).toEqual({ matches: [], total: 0 });
    expect(index.find('', 2)).toEqual({ matches: [], total: 0 });
  });

  it('ranks an exact user ID or email above names that merely hold it', () => {
    const index = new LearnerIndex();
    index.add(1, [row(42, 'Zed'), row(7, 'Agent 42'), row(8, 'Aaron', 'x@y.org'), row(9, 'Ann', 'aaron@x.org')]);
    expect(brief(index.search('42', 10))).toEqual(['Zed:exact', 'Agent 42:prefix']);
    expect(brief(index.search('x@y.org', 10))).toEqual(['Aaron:exact']);
  });

  it('keeps learners in name order as courses arrive between searches, renamed or gone', () => {
    const index = new LearnerIndex();
    index.add(1, [row(1, 'Dora'), row(2, 'Anna Bell')]);
    expect(brief(index.search('a', 10))).toEqual(['Anna Bell:prefix', 'Dora:substring']);
    index.add(2, [row(3, 'Bella'), row(4, 'Carla')]);
    index.add(1, [row(1, 'Adora'), row(5, 'Zara Bell')]);
    expect(brief(index.search('a', 10))).toEqual([
      'Adora:prefix',
      'Bella:substring',
      'Carla:substring',
      'Zara Bell:substring',
    ]);
    expect(brief(index.search('bell', 10))).toEqual(['Bella:prefix', 'Zara Bell:prefix']);
  });

  it('answers the same after prepare, with courses added, renamed and forgotten before and after it', () => {
    const prepared = new LearnerIndex();
    const plain = new LearnerIndex();
    const steps: Array<(index: LearnerIndex) => void> = [
      (index) => index.add(1, [row(1, 'Dora'), row(2, 'Anna Bell')]),
      (index) => index.add(2, [row(3, 'Bella'), row(4, 'Carla')]),
      (index) => index.add(1, [row(1, 'Adora'), row(5, 'Zara Bell')]),
      (index) => index.remove(2),
    ];
    for (const step of steps) {
      step(prepared);
      step(plain);
      prepared.prepare();
      for (const query of ['a', 'bell', 'dora', '5'])
        expect(brief(prepared.search(query, 10))).toEqual(brief(plain.search(query, 10)));
    }
    expect(brief(prepared.search('a', 10))).toEqual(['Adora:prefix', 'Zara Bell:substring']);
  });

  it('takes a course a slice of rows at a time, replacing its earlier rows at the end, as add does', () => {
    const sliced = new LearnerIndex();
    const whole = new LearnerIndex();
    for (const index of [sliced, whole]) index.add(1, [row(1, 'Dora'), row(2, 'Anna Bell'), row(3, 'Bella')]);
    const rows = [row(1, 'Adora'), row(4, 'Carla'), row(5, 'Zara Bell')];
    const adding = sliced.adding(1);
    adding.rows(rows.slice(0, 2));
    adding.rows(rows.slice(2));
    adding.end();
    whole.add(1, rows);
    for (const query of ['a', 'bell', 'dora'])
      expect(brief(sliced.search(query, 10))).toEqual(brief(whole.search(query, 10)));
    expect(sliced.learnersOf(1)).toEqual([1, 4, 5]);
    expect(sliced.learnerCount).toBe(3);
  });

  it('finds a learner with neither name nor email by user ID', () => {
    const index = new LearnerIndex();
    index.add(1, [row(5, '', '')]);
    expect(index.search('5', 10)).toEqual([{ userId: 5, name: '', email: '', courseIds: [1], match: 'exact' }]);
  });

  it('finds a name from its words in any order', () => {
    const index = new LearnerIndex();
    index.add(1, [row(1, 'Anna Petrova'), row(2, 'Anna Ivanova')]);
    expect(brief(index.search('petrova anna', 10))).toEqual(['Anna Petrova:substring']);
    expect(brief(index.search('anna pet', 10))).toEqual(['Anna Petrova:prefix']);
    index.add(2, [row(3, 'Anna-Maria Lopez', 'aml@example.com')]);
    expect(brief(index.search('maria lop', 10))).toEqual(['Anna-Maria Lopez:prefix']);
    expect(brief(index.search('lopez, anna', 10))).toEqual(['Anna-Maria Lopez:substring']);
  });

  it('does not take punctuation alone for the start of every word', () => {
    const index = new LearnerIndex();
    index.add(1, [row(1, 'Anna Petrova', 'anna@example.com'), row(2, 'Boris Ivanov', 'boris@example.com')]);
    expect(index.search('-', 10)).toEqual([]);
    expect(index.search('@', 10).map((match) => match.match)).toEqual(['substring', 'substring']);
  });

  it('gives the best `limit` matches, whatever their place in name order', () => {
    const index = new LearnerIndex();
    // Many names holding "lee" sort before the one named exactly that.
    index.add(1, [
      ...Array.from({ length: 30 }, (_, i) => row(100 + i, `Aalee ${String(i).padStart(2, '0')}`)),
      row(1, 'Lee'),
      row(2, 'Lee Brown'),
    ]);
    expect(brief(index.search('lee', 3))).toEqual(['Lee:exact', 'Lee Brown:prefix', 'Aalee 00:substring']);
    expect(index.search('lee', 0)).toEqual([]);
  });

  it("replaces a course's rows when it is added again, and forgets learners left in no course", () => {
    const index = new LearnerIndex();
    index.add(1, [row(1, 'Anna'), row(2, 'Boris')]);
    index.add(2, [row(1, 'Anna')]);
    index.add(1, [row(3, 'Carl'), row(1, 'Anna Petrova')]);
    expect(index.courseCount).toBe(2);
    expect(index.learnerCount).toBe(2);
    expect(index.search('boris', 10)).toEqual([]);
    expect(index.search('anna', 10)).toEqual([
      { userId: 1, name: 'Anna Petrova', email: 'user1@example.com', courseIds: [1, 2], match: 'prefix' },
    ]);
    index.add(1, []);
    expect(index.search('carl', 10)).toEqual([]);
    expect(index.search('anna', 10).map((match) => match.courseIds)).toEqual([[2]]);
  });

  it('finds learners by their latest names after many renames', () => {
    const index = new LearnerIndex();
    for (const spelling of ['Old', 'Older', 'New']) {
      index.add(
        1,
        Array.from({ length: 10 }, (_, i) => row(i + 1, `${spelling} Name ${i}`)),
      );
      expect(index.search('name', 100)).toHaveLength(10);
    }
    expect(index.search('old', 100)).toEqual([]);
    expect(brief(index.search('new name 3', 5))).toEqual(['New Name 3:exact']);
    expect(index.learnerCount).toBe(10);
  });

  it('forgets a course that is removed', () => {
    const index = new LearnerIndex();
    index.add(1, [row(1, 'Anna'), row(2, 'Boris')]);
    index.add(2, [row(2, 'Boris')]);
    index.remove(1);
    index.remove(99);
    expect(index.hasCourse(1)).toBe(false);
    expect(index.hasCourse(2)).toBe(true);
    expect(index.search('anna', 10)).toEqual([]);
    expect(index.search('boris', 10).map((match) => match.courseIds)).toEqual([[2]]);
  });

  it('survives the trip to plain data and back, as IndexedDB keeps it', () => {
    const index = new LearnerIndex();
    index.add(1, [row(1, 'Ánna Petrova'), row(2, 'Boris')]);
    index.add(2, [row(1, 'Ánna Petrova')]);
    const data: unknown = JSON.parse(JSON.stringify(index.toData()));
    const restored = LearnerIndex.fromData(data);
    expect(restored.search('anna', 10)).toEqual(index.search('anna', 10));
    expect(restored.search('anna', 10)).toHaveLength(1);
    expect(restored.courseCount).toBe(2);
    // Each course's learners, from the index or straight from its data (what an earlier visit kept).
    expect([restored.learnersOf(1), restored.learnersOf(2), restored.learnersOf(3)]).toEqual([[1, 2], [1], []]);
    expect(learnersByCourse(data)).toEqual(
      new Map([
        [1, [1, 2]],
        [2, [1]],
      ]),
    );
    expect(learnersByCourse({ version: 2, learners: [] })).toEqual(new Map());
    // Re-reading a course after the trip still replaces what was kept of it.
    restored.add(1, [row(3, 'Carl')]);
    expect(restored.learnersOf(1)).toEqual([3]);
    expect(restored.search('boris', 10)).toEqual([]);
    expect(restored.search('anna', 10).map((match) => match.courseIds)).toEqual([[2]]);
  });

  it('starts empty from data it does not know', () => {
    for (const data of [null, 'x', { version: 2, learners: [] }, { version: 1, learners: {} }]) {
      expect(LearnerIndex.fromData(data).learnerCount).toBe(0);
    }
    const partly = LearnerIndex.fromData({
      version: 1,
      learners: [
        [1, 'Anna', 'a@x.org', [3]],
        [2, 'Bad', null, []],
      ],
    });
    expect(partly.learnerCount).toBe(1);
  });

  it('answers correctly over 300,000 rows of 20,000 learners', () => {
    const LEARNERS = 20_000;
    const COURSES = 1_000;
    const index = new LearnerIndex();
    const first = ['Anna', 'Boris', 'Chloé', 'Dmitri', 'Élise', 'Fyodor', 'Galina', 'Hugo'];
    const last = ['Petrova', 'Ivanov', 'Müller', 'Smith', 'Sokolova', 'Dubois', 'Rossi', 'Novak', 'Kim', 'Lee'];
    const base = courseStatSchema.parse(courseStatWire({}));
    // Learner u is in the 15 courses (u + 67k) mod COURSES: 300,000 rows in all.
    const rowsByCourse = new Map<number, CourseStat[]>();
    let id = 0;
    for (let user = 0; user < LEARNERS; user += 1) {
      const username = `${first[user % first.length]} ${last[Math.floor(user / first.length) % last.length]} ${user}`;
      for (let k = 0; k < 15; k += 1) {
        const courseId = (user + 67 * k) % COURSES;
        id += 1;
        const stat = { ...base, id, user_id: user + 1, username, user_email: `learner.${user}@example.com` };
        const rows = rowsByCourse.get(courseId);
        if (rows) rows.push(stat);
        else rowsByCourse.set(courseId, [stat]);
      }
    }
    expect(id).toBe(300_000);
    for (const [courseId, rows] of rowsByCourse) index.add(courseId, rows);
    expect(index.learnerCount).toBe(LEARNERS);

    const byEmail = index.search('LEARNER.12345@example.com', 5);
    expect(byEmail).toHaveLength(1);
    expect(byEmail[0]?.userId).toBe(12_346);
    expect(byEmail[0]?.courseIds).toHaveLength(15);
    expect(byEmail[0]?.courseIds).toContain(12_345 % COURSES);

    const byName = index.search('elise sokolova', 20);
    expect(byName).toHaveLength(20);
    expect(byName.every((match) => match.match === 'prefix' && match.name.startsWith('Élise Sokolova'))).toBe(true);
    const names = byName.map((match) => match.name);
    expect(names).toEqual([...names].sort());

    expect(index.search('9999', 3)).toMatchObject([{ userId: 9_999, match: 'exact' }, { match: 'prefix' }, {}]);
  });
});
