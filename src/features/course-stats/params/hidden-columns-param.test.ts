// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCourseStatsSearch, serializeCourseStatsSearch } from './course-stats-search';
import { parseHiddenColumnsParam, withHiddenColumns } from './hidden-columns-param';

describe('the hide= parameter', () => {
  it('is absent unless the link sets the columns; empty, it hides none', () => {
    expect(parseHiddenColumnsParam(null)).toBeNull();
    expect(parseHiddenColumnsParam(undefined)).toBeNull();
    expect(parseHiddenColumnsParam('')).toEqual({ hidden: [], unknown: [] });
  });

  it('keeps the columns that can be hidden, in column order, and names the rest', () => {
    expect(parseHiddenColumnsParam(' score,user_email,bogus,score,username ,')).toEqual({
      hidden: ['user_email', 'score'],
      unknown: ['bogus', 'username'],
    });
  });

  it('is added to a path and query, commas readable, replacing one already there', () => {
    expect(withHiddenColumns('/courses/7/stats', ['score', 'user_email'])).toBe(
      '/courses/7/stats?hide=user_email,score',
    );
    expect(withHiddenColumns('/courses/7/stats?all=1&quick=overdue,inactive&hide=id', [])).toBe(
      '/courses/7/stats?all=1&quick=overdue,inactive&hide=',
    );
  });

  it('is never written back into the address, and unknown columns in it are reported as corrected', () => {
    const params = new URLSearchParams('all=1&hide=score,bogus,nope');
    const parsed = parseCourseStatsSearch(params);
    expect(parsed.corrections).toEqual([{ param: 'hide', raw: 'bogus,nope', kind: 'removed' }]);
    expect(serializeCourseStatsSearch(parsed.search, params).toString()).toBe('all=1');
    expect(parseCourseStatsSearch(new URLSearchParams('hide=score')).corrections).toEqual([]);
  });
});
