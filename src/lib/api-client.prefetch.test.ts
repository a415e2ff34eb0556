import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/testing/msw';
import { courseStatWire } from '@/testing/fixtures';
import { fetchCourseStats, prefetchCourseStats } from './api-client';
import { ApiError } from './api-error';
import { setToken } from './token-store';

const STATS = '/endpoint/v1/courses/:courseId/course_stats';

/** Answers after `wait` ms; returns the URLs that reached the wire, and whether each was aborted. */
function answerStats(respond: () => Response = () => HttpResponse.json([courseStatWire()]), wait = 0) {
  const seen: { url: string; aborted: () => boolean }[] = [];
  server.use(
    http.get(STATS, async ({ request }) => {
      seen.push({ url: request.url, aborted: () => request.signal.aborted });
      await delay(wait);
      return respond();
    }),
  );
  return seen;
}

// Each test signs in with a token of its own: a request started early belongs to its token.
let tokens = 0;
const signIn = () => setToken(`prefetch-token-${(tokens += 1)}`, false);

describe('a course statistics request started early', () => {
  it('is taken over by the first fetch of the same request while it runs: one request on the wire', async () => {
    signIn();
    const seen = answerStats(undefined, 50);
    prefetchCourseStats({ courseId: 5, page: 2, perPage: 25 });
    const list = await fetchCourseStats({ courseId: 5, page: 2, perPage: 25 });
    expect(list.items).toHaveLength(1);
    expect(seen.map((request) => new URL(request.url).search)).toEqual(['?page=2&per_page=25']);
  });

  it('is taken over once it has answered, and only once', async () => {
    signIn();
    const seen = answerStats();
    prefetchCourseStats({ courseId: 5 });
    await expect.poll(() => seen.length).toBe(1);
    await delay(20);
    await fetchCourseStats({ courseId: 5 });
    expect(seen).toHaveLength(1);
    await fetchCourseStats({ courseId: 5 });
    expect(seen).toHaveLength(2);
  });

  it('is not taken by another request, nor under another token', async () => {
    signIn();
    const seen = answerStats();
    prefetchCourseStats({ courseId: 5, page: 1 });
    await fetchCourseStats({ courseId: 5, page: 2 });
    signIn();
    await fetchCourseStats({ courseId: 5, page: 1 });
    expect(seen.map((request) => new URL(request.url).searchParams.get('page'))).toEqual(['1', '2', '1']);
  });

  it('hands its failure to the taker, and a retry asks the API again', async () => {
    signIn();
    const seen = answerStats(() => HttpResponse.json({ error: 'bad page' }, { status: 400 }));
    prefetchCourseStats({ courseId: 5 });
    const error = await fetchCourseStats({ courseId: 5 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail.kind).toBe('bad_request');
    await fetchCourseStats({ courseId: 5 }).catch(() => undefined);
    expect(seen).toHaveLength(2);
  });

  it('is cancelled when the taker cancels, which sees its own reason', async () => {
    signIn();
    const seen = answerStats(undefined, 5_000);
    prefetchCourseStats({ courseId: 5 });
    const controller = new AbortController();
    const taken = fetchCourseStats({ courseId: 5 }, { signal: controller.signal }).catch((caught: unknown) => caught);
    await expect.poll(() => seen.length).toBe(1);
    const reason = new Error('replaced by a newer query');
    controller.abort(reason);
    expect(await taken).toBe(reason);
    expect(seen[0]?.aborted()).toBe(true);
  });

  it('is not started without a token, nor for an invalid request', async () => {
    const seen = answerStats();
    expect(prefetchCourseStats({ courseId: 5 })).toBeNull();
    signIn();
    expect(prefetchCourseStats({ courseId: 0 })).toBeNull();
    expect(prefetchCourseStats({ courseId: 5, perPage: 1000 })).toBeNull();
    await delay(30);
    expect(seen).toEqual([]);
  });

  it('gives its rows to the caller; claimed, it is no fetch’s to take over', async () => {
    signIn();
    const seen = answerStats();
    const early = prefetchCourseStats({ courseId: 5 });
    expect((await early?.rows)?.items).toHaveLength(1);
    expect(early?.claim()).toBe(true);
    expect(early?.claim()).toBe(false);
    await fetchCourseStats({ courseId: 5 });
    expect(seen).toHaveLength(2);
  });

  it('cannot be claimed once a fetch has taken it over', async () => {
    signIn();
    const seen = answerStats(undefined, 30);
    const early = prefetchCourseStats({ courseId: 5 });
    const taken = fetchCourseStats({ courseId: 5 });
    await early?.rows;
    expect(early?.claim()).toBe(false);
    await taken;
    expect(seen).toHaveLength(1);
  });

  it('gives no rows when it failed, and stays the taker’s', async () => {
    signIn();
    const seen = answerStats(() => HttpResponse.json({ error: 'bad page' }, { status: 400 }));
    const early = prefetchCourseStats({ courseId: 5 });
    expect(await early?.rows).toBeUndefined();
    await expect(fetchCourseStats({ courseId: 5 })).rejects.toBeInstanceOf(ApiError);
    expect(seen).toHaveLength(1);
  });
});
