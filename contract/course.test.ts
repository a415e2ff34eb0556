import { describe, expect, it } from 'vitest';
import { courseListSpec, courseSessionListSpec, httpUrlOrNull } from './course';
import { NotAnArrayError, parseList } from './parse-list';
import { serverConfigSchema } from './params';

const course = (overrides: Record<string, unknown> = {}) => ({
  id: 101,
  name: 'Onboarding',
  created_at: '2026-01-02T08:00:00.000+03:00',
  updated_at: '2026-02-01T17:00:00Z',
  last_activity: '2026-11-10T09:30:00Z',
  owner_name: 'Мария Иванова',
  description: '<p>Welcome</p>',
  thumb_url: 'https://cdn.example.com/thumb.png',
  cover_url: null,
  content_type: 1,
  total_tasks: 12,
  total_score: 100,
  duration: null,
  ...overrides,
});

const session = (overrides: Record<string, unknown> = {}) => ({
  id: 5001,
  name: 'Autumn',
  started_at: '2026-09-01T09:00:00+03:00',
  finished_at: null,
  finished: false,
  infinitely: true,
  access_type: 'open',
  deadline_type: 2,
  assignments_count: 40,
  course_id: 101,
  ...overrides,
});

const parseCourses = (body: unknown) => parseList(body, courseListSpec);
const parseSessions = (body: unknown) => parseList(body, courseSessionListSpec);

describe('the course list, read tolerantly', () => {
  it('keeps every field it knows, as sent', () => {
    const { items, report } = parseCourses([course()]);
    expect(items).toEqual([course()]);
    expect(report).toEqual({ received: 1, accepted: 1, rejected: [], dropped: [] });
  });

  it('needs only id and name, and gives every other field as null when absent', () => {
    const { items } = parseCourses([{ id: 7, name: 'Bare' }]);
    expect(items).toEqual([
      {
        id: 7,
        name: 'Bare',
        created_at: null,
        updated_at: null,
        last_activity: null,
        owner_name: null,
        description: null,
        thumb_url: null,
        cover_url: null,
        content_type: null,
        total_tasks: null,
        total_score: null,
        duration: null,
      },
    ]);
  });

  it('leaves out a course without a name or a usable id, says why, and keeps the others', () => {
    const { name: _name, ...nameless } = course({ id: 2 });
    const { items, report } = parseCourses([course({ id: 1 }), nameless, course({ id: 0 }), course({ id: 3 })]);
    expect(items.map((item) => item.id)).toEqual([1, 3]);
    expect(report.rejected).toEqual([
      { index: 1, id: 2, path: 'name', reason: 'required field is missing' },
      { index: 2, id: 0, path: 'id', reason: expect.any(String) },
    ]);
  });

  it('reports odd items by position and keeps the good ones', () => {
    const { items, report } = parseCourses([null, 'course', [course()], course({ id: 'x' }), course({ id: 4 })]);
    expect(items.map((item) => item.id)).toEqual([4]);
    expect(report.rejected.map((problem) => [problem.index, problem.path])).toEqual([
      [0, ''],
      [1, ''],
      [2, ''],
      [3, 'id'],
    ]);
  });

  it('keeps an HTML description as the text it is', () => {
    const html = '<img src=x onerror="alert(1)"><b>Bold</b>';
    const [item] = parseCourses([course({ description: html })]).items;
    expect(item?.description).toBe(html);
  });

  it('drops unknown fields, names them, and keeps the course', () => {
    const { items, report } = parseCourses([course({ id: 9, is_published: true, slug: 'x' })]);
    expect(items).toHaveLength(1);
    expect(items[0]).not.toHaveProperty('slug');
    expect(report.dropped).toEqual([
      { index: 0, id: 9, path: 'is_published', reason: 'field not in the spec' },
      { index: 0, id: 9, path: 'slug', reason: 'field not in the spec' },
    ]);
    expect(report.rejected).toEqual([]);
  });

  it('leaves out a bad optional value, reports it, and keeps the course with that field null', () => {
    const { items, report } = parseCourses([
      course({ id: 10, last_activity: 'yesterday', total_tasks: 2.5, owner_name: 7 }),
    ]);
    expect(items[0]).toMatchObject({ id: 10, name: 'Onboarding', last_activity: null, total_tasks: null });
    expect(items[0]?.owner_name).toBeNull();
    expect(report.rejected).toEqual([]);
    expect(report.dropped.map((field) => field.path).sort()).toEqual(['last_activity', 'owner_name', 'total_tasks']);
    expect(report.dropped[0]?.reason).toMatch(/^value left out/);
  });

  it("reads '' dates and numbers as null, without a report", () => {
    const { items, report } = parseCourses([course({ last_activity: '', created_at: '', duration: '' })]);
    expect(items[0]).toMatchObject({ last_activity: null, created_at: null, duration: null });
    expect(report.dropped).toEqual([]);
  });

  it('keeps only http(s) URLs', () => {
    const { items } = parseCourses([
      course({ id: 1, thumb_url: 'javascript:alert(1)', cover_url: '/uploads/cover.png' }),
      course({ id: 2, thumb_url: 'data:image/png;base64,AAAA', cover_url: 'http://cdn.example.com/c.png' }),
      course({ id: 3, thumb_url: ' https://cdn.example.com/a b.png', cover_url: 'ftp://x/y' }),
    ]);
    expect(items.map((item) => [item.thumb_url, item.cover_url])).toEqual([
      [null, null],
      [null, 'http://cdn.example.com/c.png'],
      ['https://cdn.example.com/a%20b.png', null],
    ]);
    expect(httpUrlOrNull('JAVASCRIPT:alert(1)')).toBeNull();
    expect(httpUrlOrNull('')).toBeNull();
  });

  it('fails as a whole only when the body is not a list', () => {
    expect(() => parseCourses({ courses: [course()] })).toThrow(NotAnArrayError);
    expect(parseCourses([]).items).toEqual([]);
  });
});

describe('a course’s sessions, read tolerantly', () => {
  it('keeps the fields it knows and leaves the embedded course out quietly', () => {
    const { items, report } = parseSessions([session({ course: { id: 101, name: 'Onboarding', extra: 1 } })]);
    expect(items).toEqual([session()]);
    expect(items[0]).not.toHaveProperty('course');
    expect(report).toEqual({ received: 1, accepted: 1, rejected: [], dropped: [] });
  });

  it('needs only id and name', () => {
    const { items, report } = parseSessions([{ id: 1, name: 'S' }, { id: 2 }, { name: 'no id' }]);
    expect(items).toEqual([
      {
        id: 1,
        name: 'S',
        started_at: null,
        finished_at: null,
        finished: null,
        infinitely: null,
        access_type: null,
        deadline_type: null,
        assignments_count: null,
        course_id: null,
      },
    ]);
    expect(report.rejected.map((problem) => [problem.index, problem.path])).toEqual([
      [1, 'name'],
      [2, 'id'],
    ]);
  });

  it('takes access and deadline types as strings or numbers, and leaves out anything else', () => {
    const { items, report } = parseSessions([
      session({ id: 1, access_type: 1, deadline_type: 'fixed' }),
      session({ id: 2, access_type: { kind: 'open' }, finished: 'yes', started_at: '' }),
    ]);
    expect(items.map((item) => [item.access_type, item.deadline_type, item.finished, item.started_at])).toEqual([
      [1, 'fixed', false, '2026-09-01T09:00:00+03:00'],
      [null, 2, null, null],
    ]);
    expect(report.dropped.map((field) => field.path).sort()).toEqual(['access_type', 'finished']);
  });

  it('drops an unknown field and names it', () => {
    const { report } = parseSessions([session({ id: 3, price: 10 })]);
    expect(report.dropped).toEqual([{ index: 0, id: 3, path: 'price', reason: 'field not in the spec' }]);
  });
});

describe('the server configuration', () => {
  it('reads rateLimitMax, and 0 (no limit known) from a server that does not send it', () => {
    expect(serverConfigSchema.parse({ mode: 'proxy', upstreamHost: 'h', rateLimitMax: 600 }).rateLimitMax).toBe(600);
    expect(serverConfigSchema.parse({ mode: 'demo', demoToken: 't' }).rateLimitMax).toBe(0);
    expect(serverConfigSchema.safeParse({ mode: 'demo', demoToken: 't', rateLimitMax: -1 }).success).toBe(false);
  });
});
