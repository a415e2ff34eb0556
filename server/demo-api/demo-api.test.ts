import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  courseStatSchema,
  errorBodySchema,
  isCleanReport,
  labelGroupSchema,
  parseList,
  type CourseStatWire,
} from '../../contract/index';
import { DEFAULT_DEMO_TOKEN } from '../config';
import { DEMO_AUTH, makeApp } from '../test-support';
import { DEMO_COURSES } from './courses';
import { getDemoData } from './demo-data';

const stats = (courseId: number) => getDemoData().courses.get(courseId) ?? [];
const statsUrl = (courseId: number | string, query = '') =>
  `/endpoint/v1/courses/${courseId}/course_stats${query === '' ? '' : `?${query}`}`;

let app: FastifyInstance;
beforeAll(async () => {
  app = makeApp();
  await app.ready();
});
afterAll(() => app.close());

async function get(url: string, headers: Record<string, string> = DEMO_AUTH) {
  const response = await app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, headers: response.headers, json: response.json<unknown>() };
}

async function getStats(url: string): Promise<CourseStatWire[]> {
  const response = await app.inject({ method: 'GET', url, headers: DEMO_AUTH });
  expect(response.statusCode).toBe(200);
  return response.json<CourseStatWire[]>();
}

function errorOf(json: unknown): string {
  return errorBodySchema.parse(json).error;
}

describe('demo API: course statistics', () => {
  it('answers the first page of 10 by default, in id order, as JSON', async () => {
    const response = await get(statsUrl(101));
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json).toEqual(stats(101).slice(0, 10));
  });

  it('accepts the token as the access_token parameter, like the real upstream', async () => {
    const response = await get(statsUrl(101, `access_token=${DEFAULT_DEMO_TOKEN}&per_page=3`), {});
    expect(response.status).toBe(200);
    expect(response.json).toEqual(stats(101).slice(0, 3));
  });

  it('pages 1-based; a page past the end is []', async () => {
    expect(await getStats(statsUrl(101, 'page=2&per_page=5'))).toEqual(stats(101).slice(5, 10));
    expect(await getStats(statsUrl(101, 'page=49&per_page=5'))).toEqual([]);
    expect(await getStats(statsUrl(101, `page=${Number.MAX_SAFE_INTEGER}&per_page=100`))).toEqual([]);
    expect(await getStats(statsUrl(105))).toEqual([]);
  });

  it('walks the whole course page by page in a stable order', async () => {
    const walked: CourseStatWire[] = [];
    for (let page = 1; ; page += 1) {
      const items = await getStats(statsUrl(103, `page=${page}&per_page=7`));
      walked.push(...items);
      if (items.length < 7) break;
    }
    expect(walked).toEqual(stats(103));
    expect(await getStats(statsUrl(103, 'page=3&per_page=7'))).toEqual(stats(103).slice(14, 21));
  });

  it('serves per_page from 1 to 100, also on the 10,000-row course', async () => {
    expect(await getStats(statsUrl(1000, 'per_page=1'))).toHaveLength(1);
    const last = await getStats(statsUrl(1000, 'per_page=100&page=100'));
    expect(last).toEqual(stats(1000).slice(9_900));
    expect(await getStats(statsUrl(1000, 'per_page=100&page=101'))).toEqual([]);
  });

  it('serves the 50,000-row course in 500 pages of 100', async () => {
    expect(await getStats(statsUrl(5000, 'per_page=100&page=250'))).toEqual(stats(5000).slice(24_900, 25_000));
    expect(await getStats(statsUrl(5000, 'per_page=100&page=500'))).toEqual(stats(5000).slice(49_900));
    expect(await getStats(statsUrl(5000, 'per_page=100&page=501'))).toEqual([]);
  });

  it('combines user_id and course_session_id filters (AND)', async () => {
    const all = stats(101);
    // A user enrolled in more than one session, so each filter alone gives more than both together.
    const user = all.find((stat) => all.filter((other) => other.user_id === stat.user_id).length > 1);
    if (!user) throw new Error('the demo data should have a user in several sessions');
    const byUser = all.filter((stat) => stat.user_id === user.user_id);
    const bySession = all.filter((stat) => stat.course_session_id === user.course_session_id);
    const both = byUser.filter((stat) => stat.course_session_id === user.course_session_id);

    expect(await getStats(statsUrl(101, `user_id=${user.user_id}&per_page=100`))).toEqual(byUser);
    expect(await getStats(statsUrl(101, `course_session_id=${user.course_session_id}&per_page=100`))).toEqual(
      bySession.slice(0, 100),
    );
    const combined = await getStats(
      statsUrl(101, `user_id=${user.user_id}&course_session_id=${user.course_session_id}`),
    );
    expect(combined).toEqual(both);
    expect(combined.length).toBeLessThan(byUser.length);
    expect(await getStats(statsUrl(101, `user_id=${user.user_id}&course_session_id=1021`))).toEqual([]);
  });

  it('pages through a filtered list', async () => {
    const session = stats(1000).filter((stat) => stat.course_session_id === 10002);
    expect(await getStats(statsUrl(1000, 'course_session_id=10002&page=3&per_page=50'))).toEqual(
      session.slice(100, 150),
    );
  });

  it('answers 401 without a token and with a wrong one', async () => {
    const missing = await get(statsUrl(101), {});
    expect(missing.status).toBe(401);
    expect(errorOf(missing.json)).toMatch(/token/i);
    for (const headers of [
      { authorization: 'Bearer wrong-token' },
      { authorization: `Basic ${Buffer.from(`user:${DEFAULT_DEMO_TOKEN}`).toString('base64')}` },
      { authorization: 'Bearer' },
      { authorization: `Bearer ${DEFAULT_DEMO_TOKEN}x` },
    ]) {
      const response = await get(statsUrl(101), headers);
      expect(response.status, headers.authorization).toBe(401);
      expect(errorOf(response.json)).toMatch(/token/i);
    }
    expect((await get(statsUrl(101, 'access_token=wrong'), {})).status).toBe(401);
    expect((await get(statsUrl(101, 'access_token='), {})).status).toBe(401);
    // Two credentials: both must be right.
    expect((await get(statsUrl(101, 'access_token=wrong'))).status).toBe(401);
    expect((await get(statsUrl(101, `access_token=${DEFAULT_DEMO_TOKEN}`), { authorization: 'Bearer x' })).status).toBe(
      401,
    );
  });

  it('answers 404 for a course that does not exist and for a course id that is not a positive integer', async () => {
    for (const courseId of ['999', '0', '01', '-1', 'abc', '1.5', '1e3', '9007199254740993']) {
      const response = await get(statsUrl(courseId));
      expect(response.status, courseId).toBe(404);
      expect(errorOf(response.json)).toMatch(/course/i);
    }
  });

  describe('400 for bad parameters, naming the parameter', () => {
    const badValues = ['abc', '1.5', '', '+1', ' 1', '01', '0', '-1', '1e3', '0x10', '9007199254740992', '１'];
    for (const name of ['user_id', 'course_session_id', 'page', 'per_page']) {
      it.each(badValues)(`${name}=%j`, async (value) => {
        const response = await get(statsUrl(101, `${name}=${encodeURIComponent(value)}`));
        expect(response.status).toBe(400);
        expect(errorOf(response.json)).toContain(name);
      });
    }

    it('per_page above 100', async () => {
      const response = await get(statsUrl(101, 'per_page=101'));
      expect(response.status).toBe(400);
      expect(errorOf(response.json)).toContain('per_page');
      expect((await get(statsUrl(101, 'per_page=100'))).status).toBe(200);
    });

    it('an unknown parameter, also one spelled like a known one', async () => {
      for (const name of ['sort', 'PAGE', 'page ', 'perPage', '__proto__', 'constructor']) {
        const response = await get(statsUrl(101, `${encodeURIComponent(name)}=1`));
        expect(response.status, name).toBe(400);
        expect(errorOf(response.json)).toContain(JSON.stringify(name));
      }
    });

    it('a repeated parameter', async () => {
      for (const query of [
        'page=1&page=2',
        'user_id=1&user_id=1',
        `access_token=${DEFAULT_DEMO_TOKEN}&access_token=x`,
      ]) {
        const response = await get(statsUrl(101, query));
        expect(response.status, query).toBe(400);
        expect(errorOf(response.json)).toMatch(/repeated/);
      }
    });

    it('malformed percent-encoding', async () => {
      const response = await get(statsUrl(101, 'page=%zz'));
      expect(response.status).toBe(400);
      expect(errorOf(response.json)).toMatch(/encoding/);
    });

    it('checks the query before the token, and the token before the course', async () => {
      expect((await get(statsUrl(999, 'page=abc'), {})).status).toBe(400);
      expect((await get(statsUrl(999), {})).status).toBe(401);
    });
  });

  it('answers 405 with Allow: GET to every other method', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const) {
      for (const url of [statsUrl(101), '/endpoint/v1/label_groups']) {
        const payload = method === 'HEAD' ? undefined : '{not json';
        const headers = { ...DEMO_AUTH, 'content-type': 'application/json' };
        const response = await app.inject({ method, url, headers, payload });
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow).toBe('GET');
        if (method !== 'HEAD') expect(errorOf(response.json())).toMatch(/GET/);
      }
    }
  });
});

describe('demo API: what the browser client makes of it', () => {
  it('every answer parses with the client parser and a clean report', async () => {
    for (const course of DEMO_COURSES) {
      for (let page = 1; page <= Math.ceil(course.statCount / 100); page += 1) {
        const body = await getStats(statsUrl(course.id, `page=${page}&per_page=100`));
        const { items, report } = parseList(body, { schema: courseStatSchema });
        expect(isCleanReport(report), `course ${course.id} page ${page}`).toBe(true);
        expect(items.length).toBe(body.length);
      }
    }
    const groups = (await get('/endpoint/v1/label_groups')).json;
    const parsed = parseList(groups, { schema: labelGroupSchema, lenientArrays: ['labels'] });
    const count = getDemoData().labelGroups.length;
    expect(parsed.report).toEqual({ received: count, accepted: count, rejected: [], dropped: [] });
    // Every page of every demo course (over 600 pages): about 4 s alone, past 15 s beside a second suite.
  }, 60_000);
});

describe('demo API: label groups', () => {
  it('answers without a token and with the right one', async () => {
    const anonymous = await get('/endpoint/v1/label_groups', {});
    expect(anonymous.status).toBe(200);
    expect(anonymous.json).toEqual(getDemoData().labelGroups);
    expect((await get('/endpoint/v1/label_groups')).json).toEqual(getDemoData().labelGroups);
    expect((await get(`/endpoint/v1/label_groups?access_token=${DEFAULT_DEMO_TOKEN}`, {})).status).toBe(200);
  });

  it('refuses a wrong token and unknown parameters', async () => {
    expect((await get('/endpoint/v1/label_groups', { authorization: 'Bearer nope' })).status).toBe(401);
    expect((await get('/endpoint/v1/label_groups?access_token=nope', {})).status).toBe(401);
    const unknown = await get('/endpoint/v1/label_groups?page=1');
    expect(unknown.status).toBe(400);
    expect(errorOf(unknown.json)).toContain('"page"');
  });
});

describe('demo API: fault knobs', () => {
  it('DEMO_FAILURE_RATE fails that share of answers with 503, decided by the random source', async () => {
    const rolls = [0.1, 0.9, 0.29, 0.3];
    const faulty = makeApp({ demoFailureRate: 0.3 }, { random: () => rolls.shift() ?? 1 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await faulty.inject({ url: '/endpoint/v1/label_groups' });
        statuses.push(response.statusCode);
        if (response.statusCode === 503) expect(errorOf(response.json())).toMatch(/DEMO_FAILURE_RATE/);
      }
      expect(statuses).toEqual([503, 200, 503, 200]);
    } finally {
      await faulty.close();
    }
  });

  it('DEMO_LATENCY_MS delays every answer', async () => {
    const slow = makeApp({ demoLatencyMs: 120 });
    try {
      const started = performance.now();
      const response = await slow.inject({ url: statsUrl(101), headers: DEMO_AUTH });
      expect(response.statusCode).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(110);
    } finally {
      await slow.close();
    }
  });
});

describe('demo API: DEMO_RATE_LIMIT_MAX', () => {
  it('answers the request past the limit with a JSON 429 and a whole-second Retry-After, per client address', async () => {
    const limited = makeApp({ demoRateLimitMax: 3 });
    try {
      const ask = (url: string, remoteAddress = '10.0.0.1') =>
        limited.inject({ url, headers: DEMO_AUTH, remoteAddress });
      // Every endpoint of the demo API counts against the same limit.
      const statuses: number[] = [];
      for (const url of [statsUrl(101), '/endpoint/v1/courses', '/endpoint/v1/label_groups', statsUrl(102)]) {
        statuses.push((await ask(url)).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await ask(statsUrl(101));
      expect(refused.statusCode).toBe(429);
      expect(errorOf(refused.json())).toMatch(/Too many requests/);
      const retryAfter = refused.headers['retry-after'];
      expect(retryAfter).toMatch(/^[1-9]\d*$/);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      // Another address has its own count; what is not the demo API is not limited.
      expect((await ask(statsUrl(101), '10.0.0.2')).statusCode).toBe(200);
      expect((await limited.inject({ url: '/api/config', remoteAddress: '10.0.0.1' })).json()).toMatchObject({
        mode: 'demo',
        rateLimitMax: 3,
      });
      expect((await limited.inject({ url: '/healthz', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('is off by default, and /api/config then says 0', async () => {
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i += 1) statuses.add((await app.inject({ url: '/endpoint/v1/label_groups' })).statusCode);
    expect([...statuses]).toEqual([200]);
    expect((await app.inject({ url: '/api/config' })).json()).toMatchObject({ mode: 'demo', rateLimitMax: 0 });
  });
});

describe('demo API: DEMO_NESTED_LABEL_GROUPS', () => {
  it('keeps group_id to null or an empty string by default, and sends parent ids only when asked', async () => {
    const parents = (body: unknown) =>
      (body as Array<{ group_id?: unknown }>).map((group) => group.group_id).filter((id) => typeof id === 'number');
    expect(parents((await get('/endpoint/v1/label_groups')).json)).toEqual([]);
    const nested = makeApp({ demoNestedLabelGroups: true });
    const response = await nested.inject({ url: '/endpoint/v1/label_groups' });
    expect(parents(response.json())).toEqual([3, 4, 404]);
    await nested.close();
  });
});

describe('demo API: dates', () => {
  it("serve the day of the app's clock, and the next day's data once the day turns", async () => {
    let now = Date.parse('2027-02-10T23:59:00Z');
    const dated = makeApp({}, { now: () => now });
    const ask = async () =>
      (await dated.inject({ url: '/endpoint/v1/courses/101/course_stats?per_page=100', headers: DEMO_AUTH })).json();
    const first = await ask();
    expect(first).toEqual(getDemoData({ now }).courses.get(101)?.slice(0, 100));
    now += 2 * 60_000;
    const next = await ask();
    expect(next).toEqual(getDemoData({ now }).courses.get(101)?.slice(0, 100));
    expect(next).not.toEqual(first);
    await dated.close();
  });
});
