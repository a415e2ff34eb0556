import { describe, expect, it } from 'vitest';
import { courseStatSchema } from './course-stat';
import { labelGroupSchema } from './label-group';
import { NotAnArrayError, parseList } from './parse-list';

const stat = (overrides: Record<string, unknown> = {}) => ({
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
  ...overrides,
});

const parseStats = (body: unknown) => parseList(body, { schema: courseStatSchema });
const parseGroups = (body: unknown) => parseList(body, { schema: labelGroupSchema, lenientArrays: ['labels'] });

describe('course statistics parsing', () => {
  it('returns a clean item unchanged apart from the normalised fields', () => {
    const result = parseStats([stat()]);
    expect(result.items).toEqual([stat()]);
    expect(result.report).toEqual({ received: 1, accepted: 1, rejected: [], dropped: [] });
  });

  it("turns the spec's empty-string quirk into null", () => {
    const [item] = parseStats([stat({ quiz_count: '', last_activity: '' })]).items;
    expect(item?.quiz_count).toBeNull();
    expect(item?.last_activity).toBeNull();
  });

  it('gives absent optional fields as null', () => {
    const { deadline: _d, quiz_count: _q, score_percent: _s, progress_percent: _p, cert_file: _c, ...raw } = stat();
    const { items, report } = parseStats([raw]);
    expect(report.rejected).toEqual([]);
    expect(items[0]).toMatchObject({
      deadline: null,
      quiz_count: null,
      score_percent: null,
      progress_percent: null,
      cert_file: null,
    });
  });

  it('accepts a fractional time_spent but not a fractional score', () => {
    const { items, report } = parseStats([stat({ id: 1, time_spent: 12.25 }), stat({ id: 2, score: 1.5 })]);
    expect(items.map((item) => item.id)).toEqual([1]);
    expect(report.rejected).toEqual([{ index: 1, id: 2, path: 'score', reason: expect.stringMatching(/int/i) }]);
  });

  it('drops an unknown field, names it, and keeps the item', () => {
    const { items, report } = parseStats([stat({ id: 5, vendor_extra: 'x' })]);
    expect(items).toHaveLength(1);
    expect(items[0]).not.toHaveProperty('vendor_extra');
    expect(report.dropped).toEqual([{ index: 0, id: 5, path: 'vendor_extra', reason: 'field not in the spec' }]);
  });

  it('leaves out an item with a wrong type and returns the rest', () => {
    const { items, report } = parseStats([stat({ id: 1 }), stat({ id: 2, progress: '50' }), stat({ id: 3 })]);
    expect(items.map((item) => item.id)).toEqual([1, 3]);
    expect(report.accepted).toBe(2);
    expect(report.received).toBe(3);
    expect(report.rejected).toHaveLength(1);
    expect(report.rejected[0]).toMatchObject({ index: 1, id: 2, path: 'progress' });
  });

  it('leaves out an item missing a required field, with the field named', () => {
    const { user_email: _email, ...raw } = stat({ id: 9 });
    const { items, report } = parseStats([raw]);
    expect(items).toEqual([]);
    expect(report.rejected).toEqual([{ index: 0, id: 9, path: 'user_email', reason: expect.any(String) }]);
  });

  it('reports an item without a usable id by its position', () => {
    const { report } = parseStats([stat({ id: 'seven' })]);
    expect(report.rejected[0]).toMatchObject({ index: 0, id: null, path: 'id' });
  });

  it('rejects a non-object item', () => {
    const { report } = parseStats([null, 'x', [1]]);
    expect(report.rejected.map((problem) => problem.reason)).toEqual([
      'expected an object, received null',
      'expected an object, received a string',
      'expected an object, received an array',
    ]);
  });

  it('rejects dates without an offset where the spec asks for one, and garbage dates', () => {
    const { report } = parseStats([
      stat({ id: 1, deadline: '2026-12-01 18:00' }),
      stat({ id: 2, last_activity: 'yesterday' }),
    ]);
    expect(report.rejected.map((problem) => problem.path)).toEqual(['deadline', 'last_activity']);
  });

  it('keeps an unknown field and a wrong field apart: the item is rejected, the field still named', () => {
    const { items, report } = parseStats([stat({ id: 4, extra: 1, score: null })]);
    expect(items).toEqual([]);
    expect(report.dropped.map((field) => field.path)).toEqual(['extra']);
    expect(report.rejected.map((problem) => problem.path)).toEqual(['score']);
  });

  it.each([
    [{}, 'an object'],
    [null, 'null'],
    ['[]', 'a string'],
    [42, 'a number'],
  ])('throws NotAnArrayError for a body that is %j', (body, described) => {
    expect(() => parseStats(body)).toThrow(NotAnArrayError);
    expect(() => parseStats(body)).toThrow(described);
  });

  it('accepts an empty array', () => {
    expect(parseStats([])).toEqual({ items: [], report: { received: 0, accepted: 0, rejected: [], dropped: [] } });
  });
});

describe('label group parsing', () => {
  it('normalises group_id "" and labels null, and fills absent fields with null', () => {
    const { items, report } = parseGroups([{ id: 1, group_id: '', labels: null }, {}]);
    expect(report.rejected).toEqual([]);
    expect(items).toEqual([
      { id: 1, name: null, group_id: null, created_at: null, updated_at: null, labels: [] },
      { id: null, name: null, group_id: null, created_at: null, updated_at: null, labels: [] },
    ]);
  });

  it('tolerates an integer group_id (nesting is decided by the UI)', () => {
    const { items } = parseGroups([{ id: 2, group_id: 1 }]);
    expect(items[0]?.group_id).toBe(1);
  });

  it('leaves out one bad label and keeps its group', () => {
    const { items, report } = parseGroups([
      { id: 3, name: 'Role', labels: [{ description: 'ok' }, { description: 5 }, { type: 'string' }] },
    ]);
    expect(items[0]?.labels).toEqual([{ description: 'ok' }, { type: 'string' }]);
    expect(report.rejected).toEqual([]);
    expect(report.dropped).toEqual([
      { index: 0, id: 3, path: 'labels[1].description', reason: expect.stringContaining('entry left out') },
    ]);
  });

  it('drops an unknown field inside a label and names its path', () => {
    const { items, report } = parseGroups([{ id: 4, labels: [{ description: 'a', colour: 'red' }] }]);
    expect(items[0]?.labels).toEqual([{ description: 'a' }]);
    expect(report.dropped.map((field) => field.path)).toEqual(['labels[0].colour']);
  });

  it('rejects a group whose labels field is not an array', () => {
    const { items, report } = parseGroups([{ id: 6, labels: 'none' }, { id: 7 }]);
    expect(items.map((group) => group.id)).toEqual([7]);
    expect(report.rejected[0]).toMatchObject({ id: 6, path: 'labels' });
  });

  it('rejects a group_id of another type', () => {
    const { report } = parseGroups([{ id: 8, group_id: 'parent' }]);
    expect(report.rejected[0]).toMatchObject({ id: 8, path: 'group_id' });
  });
});
