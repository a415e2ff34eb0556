import type { CourseStat } from '@contract';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatsPage } from '@/testing/fixtures';
import { serveApi } from '@/testing/api-handlers';
import { loadWholeCourse, ROWS_EVERY_MS, type WholeCourseData } from './whole-course';
import type { ReadSoFar } from './whole-course-progress';

const PARAMS = { courseId: 7, userId: undefined, courseSessionId: undefined };

/** Course 7 with `full` pages of 100 rows and a last page of 50; a held page answers only once released. */
function serveCourse(full: number, held: number[]) {
  const gates = new Map<number, () => void>();
  const waits = new Map(held.map((page) => [page, new Promise<void>((resolve) => gates.set(page, resolve))]));
  serveApi({
    courseStats: async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      await waits.get(page);
      const count = page <= full ? 100 : page === full + 1 ? 50 : 0;
      return HttpResponse.json(courseStatsPage(count, (page - 1) * 100 + 1));
    },
  });
  return { release: (page: number) => gates.get(page)?.() };
}

/** Every hand-over of rows, and every progress report, in order. */
function recorder() {
  const published: WholeCourseData[] = [];
  const events: Array<{ rows: number } | { progress: ReadSoFar | null }> = [];
  const waitFor = async (check: () => boolean, timeoutMs = 4000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > timeoutMs) throw new Error('Not handed over in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    published,
    events,
    publish: (data: WholeCourseData) => {
      published.push(data);
      events.push({ rows: data.items.length });
    },
    progress: (value: ReadSoFar | null) => events.push({ progress: value }),
    waitForRows: (count: number) => waitFor(() => published.some((data) => data.items.length === count)),
    waitForProgress: (items: number) =>
      waitFor(() => events.some((event) => 'progress' in event && event.progress?.items === items)),
  };
}

const ids = (rows: readonly CourseStat[]) => rows.map((row) => row.id);
const upTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('loadWholeCourse', () => {
  it('hands the first rows over at once, then only progress, then the rows read while a page stalls', async () => {
    const { release } = serveCourse(5, [3]);
    const record = recorder();
    const controller = new AbortController();
    const done = loadWholeCourse(PARAMS, { signal: controller.signal, previous: undefined, ...record });

    // Page 1: its rows go to the screen at once.
    await record.waitForRows(100);
    // Page 2 (page 3 is held): progress runs ahead of the rows shown, which are not handed over again.
    await record.waitForProgress(200);
    expect(record.events).toContainEqual({ progress: { items: 200, pages: 2 } });
    expect(record.published.map((data) => data.items.length)).toEqual([100]);

    // Page 3 stalls: the 200 rows read reach the screen anyway, within ROWS_EVERY_MS, and progress is no longer ahead.
    const stalledAt = Date.now();
    await record.waitForRows(200);
    expect(Date.now() - stalledAt).toBeLessThan(ROWS_EVERY_MS + 1000);
    expect(record.events.at(-1)).toEqual({ progress: null });

    release(3);
    const result = await done;
    expect(result).toMatchObject({ complete: true, pages: 6, waiting: null });
    expect(ids(result.items)).toEqual(upTo(550));
    // Six pages, but rows went over only for page 1 and for the stall (the result is the last hand-over).
    expect(record.published.map((data) => data.items.length)).toEqual([100, 200]);
    expect(record.events.at(-1)).toEqual({ progress: null });
  });

  it('keeps every row read when cancelled, also rows not handed over yet', async () => {
    serveCourse(5, [3]);
    const record = recorder();
    const controller = new AbortController();
    const done = loadWholeCourse(PARAMS, { signal: controller.signal, previous: undefined, ...record });
    await record.waitForProgress(200);
    // Cancelled before the stall hands the 200 rows over.
    controller.abort();
    await expect(done).rejects.toBeDefined();
    const last = record.published.at(-1);
    expect(last).toMatchObject({ complete: false, pages: 2, nextPage: 3 });
    expect(ids(last?.items ?? [])).toEqual(upTo(200));
    expect(record.events.at(-1)).toEqual({ progress: null });
  });

  it('prepares each row once, as it comes in, before a hand-over holds it; a resumed load only the new rows', async () => {
    const { release } = serveCourse(5, [3]);
    const prepared = new Set<CourseStat>();
    const preparedIds: number[] = [];
    const handedUnprepared: number[] = [];
    const prepare = (rows: readonly CourseStat[]) => {
      for (const row of rows) {
        prepared.add(row);
        preparedIds.push(row.id);
      }
    };
    const record = recorder();
    const publish = (data: WholeCourseData) => {
      for (const row of data.items) if (!prepared.has(row)) handedUnprepared.push(row.id);
      record.publish(data);
    };
    const controller = new AbortController();
    const first = loadWholeCourse(PARAMS, {
      signal: controller.signal,
      previous: undefined,
      ...record,
      publish,
      prepare,
    });
    await record.waitForProgress(200);
    controller.abort();
    await expect(first).rejects.toBeDefined();
    expect(preparedIds).toEqual(upTo(200));

    // Carried on from the 200 rows read: only the rows after them are new.
    release(3);
    preparedIds.length = 0;
    const result = await loadWholeCourse(PARAMS, {
      signal: new AbortController().signal,
      previous: record.published.at(-1),
      ...record,
      publish,
      prepare,
    });
    expect(preparedIds).toEqual(upTo(550).slice(200));
    expect(handedUnprepared).toEqual([]);
    expect(result.items.every((row) => prepared.has(row))).toBe(true);
  });
});
