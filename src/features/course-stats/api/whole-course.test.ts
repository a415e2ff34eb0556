import type { CourseStat } from '@contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatsPage } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { loadWholeCourse, ROWS_EVERY_MS, type WholeCourseData } from './whole-course';

const PARAMS = { courseId: 7, userId: undefined, courseSessionId: undefined };

/** Course 7 with `full` pages of 100 rows and a last page of 50; a held page answers only once released. */
function serveCourse(full: number, held: number[]) {
  const gates = new Map<number, () => void>();
  const waits = new Map(held.map((page) => [page, new Promise<void>((resolve) => gates.set(page, resolve))]));
  server.use(
    http.get('/endpoint/v1/courses/7/course_stats', async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      await waits.get(page);
      const count = page <= full ? 100 : page === full + 1 ? 50 : 0;
      return HttpResponse.json(courseStatsPage(count, (page - 1) * 100 + 1));
    }),
  );
  return { release: (page: number) => gates.get(page)?.() };
}

/** Every hand-over, with the rows array it carried (the same array means nothing over the rows re-renders). */
function recorder() {
  const published: WholeCourseData[] = [];
  return {
    published,
    publish: (data: WholeCourseData) => published.push(data),
    /** Hand-overs that carried a new rows array. */
    rowHandOvers: () => published.filter((data, index) => index === 0 || data.items !== published[index - 1]?.items),
    waitFor: async (check: (data: WholeCourseData) => boolean, timeoutMs = 4000) => {
      const start = Date.now();
      while (!published.some(check)) {
        if (Date.now() - start > timeoutMs) throw new Error('No such hand-over');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

const ids = (rows: readonly CourseStat[]) => rows.map((row) => row.id);

describe('loadWholeCourse', () => {
  it('hands the first rows over at once, then progress with the same rows, then the rows read while a page stalls', async () => {
    const { release } = serveCourse(5, [3]);
    const record = recorder();
    const controller = new AbortController();
    const done = loadWholeCourse(PARAMS, { signal: controller.signal, previous: undefined, publish: record.publish });

    // Page 1: its rows go to the screen at once.
    await record.waitFor((data) => data.items.length === 100);
    const first = record.published.find((data) => data.items.length === 100);
    expect(first?.readSoFar).toBeNull();

    // Page 2 (page 3 is held): progress runs ahead of the rows shown, which stay the very same array.
    await record.waitFor((data) => data.readSoFar?.items === 200);
    const ahead = record.published.find((data) => data.readSoFar?.items === 200);
    expect(ahead?.items).toBe(first?.items);
    expect(ahead?.readSoFar).toEqual({ items: 200, pages: 2 });

    // Page 3 stalls: the 200 rows read reach the screen anyway, within ROWS_EVERY_MS.
    const stalledAt = Date.now();
    await record.waitFor((data) => data.items.length === 200 && data.readSoFar === null);
    expect(Date.now() - stalledAt).toBeLessThan(ROWS_EVERY_MS + 1000);

    release(3);
    const result = await done;
    expect(result).toMatchObject({ complete: true, pages: 6, readSoFar: null, waiting: null });
    expect(ids(result.items)).toEqual(Array.from({ length: 550 }, (_, index) => index + 1));
    // Six pages, but the rows were recomputed only for page 1 and for the stall (the result is the last).
    expect(record.rowHandOvers().map((data) => data.items.length)).toEqual([100, 200]);
  });

  it('keeps every row read when cancelled, also rows not handed over yet', async () => {
    serveCourse(5, [3]);
    const record = recorder();
    const controller = new AbortController();
    const done = loadWholeCourse(PARAMS, { signal: controller.signal, previous: undefined, publish: record.publish });
    await record.waitFor((data) => data.readSoFar?.items === 200);
    // Cancelled before the stall hands the 200 rows over.
    controller.abort();
    await expect(done).rejects.toBeDefined();
    const last = record.published.at(-1);
    expect(last).toMatchObject({ complete: false, pages: 2, nextPage: 3, readSoFar: null });
    expect(ids(last?.items ?? [])).toEqual(Array.from({ length: 200 }, (_, index) => index + 1));
  });
});
