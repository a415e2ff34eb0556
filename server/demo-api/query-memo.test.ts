import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_TOKEN } from '../config';
import { DEMO_AUTH, makeApp } from '../test-support';
import { ENDPOINTS } from '../../contract/index';
import { queryReader } from '../api-query';
import { QueryMemo } from './demo-api';

const readStatsQuery = queryReader(ENDPOINTS.courseStats);
const readLabelGroupsQuery = queryReader(ENDPOINTS.labelGroups);

describe('query memo', () => {
  it('answers exactly what a fresh reading answers, for good and bad queries alike', () => {
    const memo = new QueryMemo(readStatsQuery);
    const queries = [
      '',
      'page=1&per_page=100',
      'per_page=100&page=1',
      'page=2&per_page=10&user_id=7&course_session_id=1011',
      'page=%32&per_page=1%30',
      'per_page=101',
      'per_page=0',
      'page=01',
      'page=1&page=1',
      'pages=1',
      'page=%zz',
      `access_token=${DEFAULT_DEMO_TOKEN}&page=1`,
      'access%5Ftoken=x',
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const query of queries) expect(memo.get(query), query).toEqual(readStatsQuery(query));
    }
    expect(new QueryMemo(readLabelGroupsQuery).get('x=1')).toEqual(readLabelGroupsQuery('x=1'));
  });

  it('keeps good readings only, never one with a token, nor a long query string', () => {
    const memo = new QueryMemo(readStatsQuery);
    memo.get('page=1&per_page=100');
    memo.get('page=1&per_page=100');
    expect(memo.count).toBe(1);
    for (const query of [
      'per_page=101',
      'page=1&page=2',
      `access_token=${DEFAULT_DEMO_TOKEN}`,
      'access%5Ftoken=secret&page=1',
    ]) {
      memo.get(query);
    }
    expect(memo.count).toBe(1);
    // Valid, but spelled out in percent-encoding past the length kept.
    const encode = (text: string) => [...text].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const long = [
      ['user_id', '1234567890123456'],
      ['course_session_id', '1234567890123456'],
      ['page', '1234567890123456'],
      ['per_page', '100'],
    ]
      .map(([name = '', value = '']) => `${encode(name)}=${encode(value)}`)
      .join('&');
    expect(long.length).toBeGreaterThan(200);
    expect(memo.get(long).ok).toBe(true);
    expect(memo.count).toBe(1);
  });

  it('stays within its bound, dropping the oldest reading first', () => {
    const memo = new QueryMemo(readStatsQuery, 3);
    for (const page of [1, 2, 3, 4]) memo.get(`page=${page}`);
    expect(memo.count).toBe(3);
    expect(memo.get('page=1')).toEqual(readStatsQuery('page=1'));
    expect(memo.count).toBe(3);
  });
});

describe('demo API with remembered queries', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = makeApp();
    await app.ready();
  });
  afterAll(() => app.close());

  const url = '/endpoint/v1/courses/101/course_stats?page=1&per_page=5';

  it('still checks the token of every request to a query string it has seen', async () => {
    const first = await app.inject({ method: 'GET', url, headers: DEMO_AUTH });
    const again = await app.inject({ method: 'GET', url, headers: DEMO_AUTH });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers).toMatchObject({
      'content-type': first.headers['content-type'],
      'cache-control': 'no-store',
      vary: 'Authorization',
      'content-security-policy': first.headers['content-security-policy'],
    });
    // The security headers first, the request id, then the answer's own, and nothing else.
    expect(Object.keys(again.headers)).toEqual([
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'x-frame-options',
      'cross-origin-opener-policy',
      'permissions-policy',
      'x-request-id',
      'content-type',
      'cache-control',
      'vary',
      'content-length',
      'date',
      'connection',
    ]);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const authorization of ['Bearer wrong', `Bearer ${DEFAULT_DEMO_TOKEN.replace(/.$/, 'X')}`]) {
      expect((await app.inject({ method: 'GET', url, headers: { authorization } })).statusCode).toBe(401);
    }
  });

  it('still refuses a bad query string it has seen before', async () => {
    const bad = '/endpoint/v1/courses/101/course_stats?per_page=101';
    for (let i = 0; i < 2; i += 1) {
      const response = await app.inject({ method: 'GET', url: bad, headers: DEMO_AUTH });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toMatch(/per_page/);
    }
  });
});
