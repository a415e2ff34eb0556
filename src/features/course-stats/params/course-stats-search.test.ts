// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  courseStatsHref,
  DEFAULT_SEARCH,
  nearestPerPage,
  parseCourseStatsSearch,
  readableQuery,
  serializeCourseStatsSearch,
  type CourseStatsSearch,
} from './course-stats-search';

const parse = (query: string) => parseCourseStatsSearch(new URLSearchParams(query));

describe('parseCourseStatsSearch', () => {
  it('reads a full, valid URL without corrections', () => {
    expect(parse('user_id=5&course_session_id=70&page=3&per_page=50&sort=score.desc')).toEqual({
      search: {
        ...DEFAULT_SEARCH,
        userId: 5,
        courseSessionId: 70,
        page: 3,
        perPage: 50,
        sort: [{ id: 'score', desc: true }],
      },
      corrections: [],
    });
  });

  it('gives the defaults for an empty URL', () => {
    expect(parse('')).toEqual({ search: DEFAULT_SEARCH, corrections: [] });
  });

  it.each([
    ['0', 1],
    ['-2', 1],
    ['abc', 1],
    ['1.5', 1],
    ['', 1],
    ['99999999999999999999', 1],
  ])('corrects page %j to %s and says so', (raw, page) => {
    const { search, corrections } = parse(`page=${raw}`);
    expect(search.page).toBe(page);
    expect(corrections).toEqual([{ param: 'page', raw, kind: 'replaced', value: page }]);
  });

  it('tidies page "02" to 2 without a notice', () => {
    expect(parse('page=02')).toEqual({ search: { ...DEFAULT_SEARCH, page: 2 }, corrections: [] });
  });

  it.each([
    ['30', 25],
    ['1000', 100],
    ['0', 10],
    ['-5', 10],
    ['60', 50],
    ['75', 50],
    ['76', 100],
    ['abc', 10],
    ['1e400', 100],
  ])('moves per_page %j to the nearest allowed %s', (raw, perPage) => {
    const { search, corrections } = parse(`per_page=${raw}`);
    expect(search.perPage).toBe(perPage);
    expect(corrections).toEqual([{ param: 'per_page', raw, kind: 'replaced', value: perPage }]);
  });

  it.each([['abc'], ['0'], ['-1'], ['1.5'], ['012'], ['1 2'], ['9007199254740992'], ['']])(
    'drops the filter id %j with a notice',
    (raw) => {
      const { search, corrections } = parse(
        `user_id=${encodeURIComponent(raw)}&course_session_id=${encodeURIComponent(raw)}`,
      );
      expect(search.userId).toBeUndefined();
      expect(search.courseSessionId).toBeUndefined();
      expect(corrections).toEqual([
        { param: 'user_id', raw, kind: 'removed' },
        { param: 'course_session_id', raw, kind: 'removed' },
      ]);
    },
  );

  it('trims spaces around a filter id without a notice', () => {
    const { search, corrections } = parse('user_id=%2012%20&course_session_id=%209');
    expect([search.userId, search.courseSessionId, corrections]).toEqual([12, 9, []]);
  });

  it.each([['score'], ['score.up'], ['unknown.asc'], ['cert_file.asc'], ['SCORE.asc'], ['score.asc.desc']])(
    'drops the sort %j',
    (raw) => {
      const { search, corrections } = parse(`sort=${raw}`);
      expect(search.sort).toEqual([]);
      expect(corrections).toEqual([{ param: 'sort', raw, kind: 'removed' }]);
    },
  );

  it('accepts every sortable column id', () => {
    expect(parse('sort=last_activity.asc').search.sort).toEqual([{ id: 'last_activity', desc: false }]);
    expect(parse('sort=status.desc').search.sort).toEqual([{ id: 'status', desc: true }]);
  });

  it('reads several sort keys in their order, written with a comma', () => {
    expect(parse('sort=progress.desc,username.asc')).toEqual({
      search: {
        ...DEFAULT_SEARCH,
        sort: [
          { id: 'progress', desc: true },
          { id: 'username', desc: false },
        ],
      },
      corrections: [],
    });
    expect(parse('sort=progress.desc%2Cusername.asc%2Cscore.desc').search.sort).toHaveLength(3);
  });

  it('keeps the good keys of a sort and says which were left out', () => {
    const { search, corrections } = parse('sort=bogus.asc,score.desc,score.asc,,status.up');
    expect(search.sort).toEqual([{ id: 'score', desc: true }]);
    expect(corrections).toEqual([
      { param: 'sort', raw: 'bogus.asc,score.asc,status.up', kind: 'replaced', value: 'score.desc' },
    ]);
  });

  it('keeps the first three keys of a longer sort', () => {
    const { search, corrections } = parse('sort=score.desc,status.asc,deadline.asc,username.asc');
    expect(search.sort.map((key) => key.id)).toEqual(['score', 'status', 'deadline']);
    expect(corrections).toEqual([
      { param: 'sort', raw: 'username.asc', kind: 'replaced', value: 'score.desc,status.asc,deadline.asc' },
    ]);
  });
});

describe('serializeCourseStatsSearch', () => {
  it('leaves defaults out', () => {
    expect(serializeCourseStatsSearch(DEFAULT_SEARCH).toString()).toBe('');
  });

  it('writes our parameters in a fixed order after parameters that are not ours', () => {
    const base = new URLSearchParams('page=9&tab=info&user_id=1');
    const params = serializeCourseStatsSearch(
      { ...DEFAULT_SEARCH, userId: 3, page: 2, perPage: 25, sort: [{ id: 'score', desc: false }] },
      base,
    );
    expect(params.toString()).toBe('tab=info&user_id=3&page=2&per_page=25&sort=score.asc');
  });

  it('round-trips through the parser', () => {
    const search: CourseStatsSearch = {
      userId: 12,
      courseSessionId: 4,
      page: 7,
      perPage: 100,
      sort: [
        { id: 'deadline', desc: true },
        { id: 'user_email', desc: false },
      ],
      all: true,
      q: 'Анна & co',
      quick: ['overdue', 'inactive'],
      view: 'learner',
    };
    expect(parseCourseStatsSearch(serializeCourseStatsSearch(search)).search).toEqual(search);
  });

  it('writes whole-course mode, search and quick filters after the rest, tidied', () => {
    const params = serializeCourseStatsSearch({
      ...DEFAULT_SEARCH,
      sort: [{ id: 'score', desc: true }],
      all: true,
      q: '  anna  ',
      quick: ['not_passed', 'overdue', 'overdue'],
    });
    expect(params.toString()).toBe('sort=score.desc&all=1&q=anna&quick=overdue%2Cnot_passed');
  });

  it('writes the learner view only with a user', () => {
    expect(serializeCourseStatsSearch({ ...DEFAULT_SEARCH, view: 'learner' }).toString()).toBe('');
    expect(serializeCourseStatsSearch({ ...DEFAULT_SEARCH, userId: 5, view: 'learner' }).toString()).toBe(
      'user_id=5&view=learner',
    );
  });
});

describe('parseCourseStatsSearch: whole-course mode, search, quick filters, learner view', () => {
  it('reads them', () => {
    expect(parse('all=1&q=%20Chlo%C3%A9%20&quick=not_started,overdue&user_id=9&view=learner').search).toEqual({
      ...DEFAULT_SEARCH,
      userId: 9,
      all: true,
      q: 'Chloé',
      quick: ['overdue', 'not_started'],
      view: 'learner',
    });
  });

  it('keeps the known quick filters and says which were dropped', () => {
    const { search, corrections } = parse('quick=overdue,bogus,,inactive,x');
    expect(search.quick).toEqual(['overdue', 'inactive']);
    expect(corrections).toEqual([{ param: 'quick', raw: 'bogus,x', kind: 'removed' }]);
  });

  it.each([['0'], ['yes'], ['']])('drops all=%j with a notice', (raw) => {
    const { search, corrections } = parse(`all=${raw}`);
    expect(search.all).toBe(false);
    expect(corrections).toEqual([{ param: 'all', raw, kind: 'removed' }]);
  });

  it('drops a learner view without a user, or of an unknown kind', () => {
    expect(parse('view=learner').corrections).toEqual([{ param: 'view', raw: 'learner', kind: 'removed' }]);
    expect(parse('user_id=3&view=table')).toEqual({
      search: { ...DEFAULT_SEARCH, userId: 3 },
      corrections: [{ param: 'view', raw: 'table', kind: 'removed' }],
    });
  });

  it('cuts a very long search', () => {
    expect(parse(`q=${'a'.repeat(500)}`).search.q).toHaveLength(200);
  });
});

describe('helpers', () => {
  it('finds the nearest allowed page size', () => {
    expect(nearestPerPage(17)).toBe(10);
    expect(nearestPerPage(17.5)).toBe(10);
    expect(nearestPerPage(18)).toBe(25);
    expect(nearestPerPage(Number.POSITIVE_INFINITY)).toBe(100);
  });

  it('builds the address of a course view', () => {
    expect(courseStatsHref(7)).toBe('/courses/7/stats');
    expect(courseStatsHref(7, { userId: 3, perPage: 25 })).toBe('/courses/7/stats?user_id=3&per_page=25');
  });
});

describe('the sort in the URL', () => {
  it('writes every key, in order, and tidies a list that breaks the rules', () => {
    const sort = [
      { id: 'progress', desc: true },
      { id: 'username', desc: false },
    ] as const;
    expect(serializeCourseStatsSearch({ ...DEFAULT_SEARCH, sort: [...sort] }).get('sort')).toBe(
      'progress.desc,username.asc',
    );
    const tooMany = serializeCourseStatsSearch({
      ...DEFAULT_SEARCH,
      sort: [...sort, { id: 'progress', desc: false }, { id: 'score', desc: false }, { id: 'status', desc: false }],
    });
    expect(tooMany.get('sort')).toBe('progress.desc,username.asc,score.asc');
  });
});

describe('readableQuery', () => {
  it('leaves list commas readable, and reads back the same', () => {
    const params = serializeCourseStatsSearch({
      ...DEFAULT_SEARCH,
      sort: [
        { id: 'progress', desc: true },
        { id: 'username', desc: false },
      ],
      quick: ['overdue', 'inactive'],
      q: 'a, b',
    });
    const query = readableQuery(params);
    expect(query).toBe('sort=progress.desc,username.asc&q=a,+b&quick=overdue,inactive');
    expect(parseCourseStatsSearch(new URLSearchParams(query)).search).toEqual(parseCourseStatsSearch(params).search);
    expect(
      courseStatsHref(7, {
        sort: [
          { id: 'score', desc: true },
          { id: 'status', desc: false },
        ],
      }),
    ).toBe('/courses/7/stats?sort=score.desc,status.asc');
  });
});
