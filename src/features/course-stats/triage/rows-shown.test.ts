// @vitest-environment node
import { courseStatSchema, type CourseStat, type CourseStatWire } from '@contract';
import { describe, expect, it } from 'vitest';
import { foldText } from '@/lib/fold-text';
import { courseStatWire } from '@/testing/fixtures';
import type { QuickFilterId } from '../params/course-stats-search';
import { sortRows, type RowSort } from '../fields/multi-sort';
import { countQuickFilters, parseRowSearch, prepareRowFacts, quickFilterKeeps, selectRowsKept } from './rows-shown';

const NOW = Date.parse('2026-11-01T00:00:00Z');
const DAY = 86_400_000;

function stat(overrides: Partial<CourseStatWire> = {}): CourseStat {
  return courseStatSchema.parse(courseStatWire(overrides));
}

const ids = (rows: readonly CourseStat[]) => rows.map((row) => row.id);
/** The rows the table shows: those kept, in the order of the sort keys (as useRowsShown does). */
const shownIds = (
  rows: readonly CourseStat[],
  quick: QuickFilterId[],
  query: string,
  sorts: RowSort<CourseStat>[] = [],
) => ids(sortRows(selectRowsKept(rows, { quick, query, now: NOW, rowKeys: null }), sorts));
/** The quick filter counts over the rows the search keeps, as the screen counts them. */
const countsFor = (rows: readonly CourseStat[], query: string) =>
  countQuickFilters(selectRowsKept(rows, { quick: [], query, now: NOW, rowKeys: null }), NOW);
const byScore = (desc = false): RowSort<CourseStat> => ({ value: (row) => row.score, text: false, desc });

describe('quick filter predicates', () => {
  it('Overdue: a past deadline, not completed and not passed', () => {
    const overdue = (row: CourseStat, now: number) => quickFilterKeeps('overdue', row, now);
    expect(overdue(stat({ deadline: '2026-10-01T00:00:00Z' }), NOW)).toBe(true);
    expect(overdue(stat({ deadline: '2026-12-01T00:00:00Z' }), NOW)).toBe(false);
    expect(overdue(stat({ deadline: null }), NOW)).toBe(false);
    expect(overdue(stat({ deadline: '2026-10-01T00:00:00Z', completed: true }), NOW)).toBe(false);
    expect(overdue(stat({ deadline: '2026-10-01T00:00:00Z', success: true }), NOW)).toBe(false);
    // The same row becomes overdue once the clock passes its deadline.
    const row = stat({ deadline: '2026-11-01T00:00:00Z' });
    expect(overdue(row, NOW)).toBe(false);
    expect(overdue(row, NOW + 1)).toBe(true);
  });

  it('Not started: no progress and not completed', () => {
    expect(quickFilterKeeps('not_started', stat({ progress: 0, progress_percent: 0 }), NOW)).toBe(true);
    expect(quickFilterKeeps('not_started', stat({ progress: 0, progress_percent: 10 }), NOW)).toBe(false);
    expect(quickFilterKeeps('not_started', stat({ progress: 5 }), NOW)).toBe(false);
  });

  it('Inactive 14+ days: last activity 14 days ago or more, or never', () => {
    const inactive = (row: CourseStat, now: number) => quickFilterKeeps('inactive', row, now);
    const at = (ms: number) => new Date(ms).toISOString();
    expect(inactive(stat({ last_activity: at(NOW - 14 * DAY) }), NOW)).toBe(true);
    expect(inactive(stat({ last_activity: at(NOW - 14 * DAY + 60_000) }), NOW)).toBe(false);
    expect(inactive(stat({ last_activity: at(NOW - 90 * DAY) }), NOW)).toBe(true);
    expect(inactive(stat({ last_activity: null }), NOW)).toBe(true);
    expect(inactive(stat({ last_activity: '' }), NOW)).toBe(true);
  });

  it('Not passed: every row without success, whatever its progress', () => {
    expect(quickFilterKeeps('not_passed', stat({ success: false, completed: true }), NOW)).toBe(true);
    expect(quickFilterKeeps('not_passed', stat({ success: false, progress: 0 }), NOW)).toBe(true);
    expect(quickFilterKeeps('not_passed', stat({ success: true, completed: true }), NOW)).toBe(false);
  });

  it('Passed without certificate: passed, and no safe http(s) certificate link', () => {
    const noCert = (row: CourseStat, now: number) => quickFilterKeeps('passed_no_cert', row, now);
    const passed = { success: true, completed: true };
    expect(noCert(stat({ ...passed, cert_file: null }), NOW)).toBe(true);
    expect(noCert(stat({ ...passed, cert_file: 'javascript:alert(1)' }), NOW)).toBe(true);
    expect(noCert(stat({ ...passed, cert_file: '/relative.pdf' }), NOW)).toBe(true);
    expect(noCert(stat({ ...passed, cert_file: 'https://files.example.com/c.pdf' }), NOW)).toBe(false);
    expect(noCert(stat({ success: false, cert_file: null }), NOW)).toBe(false);
  });
});

describe('search', () => {
  const rows = [
    stat({ id: 1, username: 'Chloé van der Berg', user_email: 'chloe@example.com', course_session_name: 'Warehouse' }),
    stat({ id: 2, username: 'Анна Ёлкина', user_email: 'anna@example.org', course_session_name: 'Поток 1' }),
    stat({ id: 3, username: 'James García', user_email: 'james@example.net', course_session_name: 'Office staff' }),
  ];

  it('folds case and accents', () => {
    expect(foldText('Chloé ÉLODIE Ёлкина')).toBe('chloe elodie елкина');
  });

  it('matches user name, email and session name, every word, ignoring case and accents', () => {
    const shown = (query: string) => shownIds(rows, [], query);
    expect(shown('chloe')).toEqual([1]);
    expect(shown('CHLOÉ berg')).toEqual([1]);
    expect(shown('елкина')).toEqual([2]);
    expect(shown('example.org')).toEqual([2]);
    expect(shown('office')).toEqual([3]);
    expect(shown('garcia office')).toEqual([3]);
    expect(shown('garcia warehouse')).toEqual([]);
    expect(shown('   ')).toEqual([1, 2, 3]);
  });
});

describe('search for one learner', () => {
  const rows = [
    stat({ id: 1, user_id: 7, username: 'Anna Berg', user_email: 'Anna@Example.com', course_session_name: 'Group 17' }),
    stat({ id: 2, user_id: 17, username: 'Joanna Berg', user_email: 'joanna@example.com' }),
    stat({ id: 3, user_id: 7, username: 'Anna Berg', user_email: 'anna@example.com', course_session_name: 'Spring' }),
    stat({ id: 4, user_id: 70, username: 'Learner 7', user_email: 'l7@example.org' }),
  ];
  const shown = (query: string) => shownIds(rows, [], query);

  it('reads digits as a user ID, matched exactly', () => {
    expect(parseRowSearch(' 17 ')).toEqual({ kind: 'user_id', userId: 17 });
    expect(shown('7')).toEqual([1, 3]);
    expect(shown(' 17 ')).toEqual([2]);
    expect(shown('70')).toEqual([4]);
    expect(shown('99')).toEqual([]);
  });

  it('reads a whole email address as that learner’s, whatever its case', () => {
    expect(parseRowSearch('ANNA@example.COM')).toEqual({ kind: 'email', email: 'anna@example.com' });
    expect(shown('anna@example.com')).toEqual([1, 3]);
    expect(shown(' ANNA@EXAMPLE.COM ')).toEqual([1, 3]);
    expect(shown('joanna@example.com')).toEqual([2]);
    expect(shown('nna@example.com')).toEqual([]);
  });

  it('keeps searching words for anything else, part of an address included', () => {
    expect(shown('anna@exam')).toEqual([1, 2, 3]);
    expect(shown('berg')).toEqual([1, 2, 3]);
    expect(shown('learner 7')).toEqual([4]);
    expect(shown('group 17')).toEqual([1]);
    expect(parseRowSearch('99999999999999999999')).toEqual({ kind: 'words', terms: ['99999999999999999999'] });
  });

  it('counts the quick filters over the learner found', () => {
    expect(countsFor(rows, '17').not_passed).toBe(1);
    expect(countsFor(rows, 'anna@example.com').not_passed).toBe(2);
  });
});

describe('the rows shown', () => {
  const rows = [
    stat({ id: 1, score: 30, deadline: '2026-10-01T00:00:00Z', progress: 0, progress_percent: 0, username: 'Anna' }),
    stat({ id: 2, score: 80, deadline: '2026-10-01T00:00:00Z', progress: 40, username: 'Boris' }),
    stat({
      id: 3,
      score: 10,
      deadline: null,
      progress: 0,
      progress_percent: 0,
      username: 'Anna B',
      last_activity: null,
    }),
    stat({ id: 4, score: 60, deadline: '2026-10-01T00:00:00Z', completed: true, success: true, username: 'Anna C' }),
  ];

  it('applies the quick filters together (AND), then the search, then the sort', () => {
    const shown = (quick: QuickFilterId[], query = '', sort?: RowSort<CourseStat>) =>
      shownIds(rows, quick, query, sort ? [sort] : []);
    expect(shown([])).toEqual([1, 2, 3, 4]);
    expect(shown(['overdue'])).toEqual([1, 2]);
    expect(shown(['overdue', 'not_started'])).toEqual([1]);
    expect(shown(['not_started'], 'anna')).toEqual([1, 3]);
    expect(shown(['not_started'], 'anna', byScore())).toEqual([3, 1]);
    expect(shown([], 'anna', byScore(true))).toEqual([4, 1, 3]);
    expect(shown(['overdue', 'not_started'], 'boris')).toEqual([]);
  });

  it('counts each quick filter on its own, over the rows matching the search', () => {
    expect(countsFor(rows, '')).toEqual({
      overdue: 2,
      not_started: 2,
      inactive: 1,
      not_passed: 3,
      passed_no_cert: 1,
    });
    expect(countsFor(rows, 'anna')).toEqual({
      overdue: 1,
      not_started: 2,
      inactive: 1,
      not_passed: 2,
      passed_no_cert: 1,
    });
  });
});

describe('prepareRowFacts', () => {
  /** A row that counts how often its dates and certificate are read. */
  function watched(overrides: Partial<CourseStatWire>) {
    const reads = { count: 0 };
    const watchedFields = new Set<PropertyKey>(['deadline', 'last_activity', 'cert_file']);
    const row = new Proxy(stat(overrides), {
      get(target, key, receiver) {
        if (watchedFields.has(key)) reads.count += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    return { row, reads };
  }

  it('works the facts out ahead, so that counting them later reads none of them again, and counts the same', () => {
    const overrides: Partial<CourseStatWire> = {
      success: true,
      cert_file: null,
      deadline: '2026-10-01T00:00:00Z',
      last_activity: '2026-09-01T00:00:00Z',
    };
    const fresh = watched(overrides);
    const counted = countQuickFilters([fresh.row], NOW);
    expect(fresh.reads.count).toBeGreaterThan(0);

    const early = watched(overrides);
    prepareRowFacts([early.row]);
    const readsWhilePreparing = early.reads.count;
    expect(readsWhilePreparing).toBeGreaterThan(0);
    expect(countQuickFilters([early.row], NOW)).toEqual(counted);
    expect(early.reads.count).toBe(readsWhilePreparing);
    expect(counted).toMatchObject({ passed_no_cert: 1, inactive: 1 });
  });
});
