import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { LABEL_GROUPS_PATH } from '@contract/endpoints';
import { server } from '@/testing/msw';
import { labelGroupWire } from '@/testing/fixtures';
import { fetchLabelGroups } from './api-client';
import { ApiError } from './api-error';
import { firstCallFor, sendAhead } from './fetch-ahead';
import { setToken } from './token-store';

/** Answers the label groups after `wait` ms with one group named after the request's number (or `status`). */
function answerGroups({ wait = 0, status = 200 }: { wait?: number; status?: number } = {}) {
  const seen: { authorization: string | null; aborted: () => boolean }[] = [];
  server.use(
    http.get(LABEL_GROUPS_PATH, async ({ request }) => {
      seen.push({ authorization: request.headers.get('authorization'), aborted: () => request.signal.aborted });
      const number = seen.length;
      await delay(wait);
      if (status !== 200) return HttpResponse.json({ error: 'groups are resting' }, { status });
      return HttpResponse.json([labelGroupWire({ id: number, name: `Answer ${number}`, labels: [] })]);
    }),
  );
  return seen;
}

/** Node, which runs these tests, reports a promise rejected with no handler on its process. */
interface RejectionReports {
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
  off(event: 'unhandledRejection', listener: (reason: unknown) => void): void;
}
const host = (globalThis as unknown as { process: RejectionReports }).process;

const names = (list: Awaited<ReturnType<typeof fetchLabelGroups>>) => list.items.map((group) => group.name);

describe('a request sent ahead of the code that asks for it', () => {
  it('is the one the API client answers with: one request, validated as usual', async () => {
    setToken('tok-ahead', false);
    const seen = answerGroups({ wait: 50 });
    sendAhead(LABEL_GROUPS_PATH, 'tok-ahead');
    await expect.poll(() => seen.length).toBe(1);
    expect(names(await fetchLabelGroups())).toEqual(['Answer 1']);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.authorization).toBe('Bearer tok-ahead');
  });

  it('is taken once: the next call asks again', async () => {
    setToken('tok-once', false);
    const seen = answerGroups();
    sendAhead(LABEL_GROUPS_PATH, 'tok-once');
    expect(names(await fetchLabelGroups())).toEqual(['Answer 1']);
    expect(names(await fetchLabelGroups())).toEqual(['Answer 2']);
    expect(seen).toHaveLength(2);
  });

  it('is not taken with another token, or by a call with its own timeout', async () => {
    setToken('tok-now', false);
    const seen = answerGroups();
    sendAhead(LABEL_GROUPS_PATH, 'tok-before');
    expect(names(await fetchLabelGroups())).toEqual(['Answer 2']);
    expect(seen.map((request) => request.authorization)).toEqual(['Bearer tok-before', 'Bearer tok-now']);

    sendAhead(LABEL_GROUPS_PATH, 'tok-now');
    expect(names(await fetchLabelGroups({ timeoutMs: 5_000 }))).toEqual(['Answer 4']);
    expect(seen).toHaveLength(4);
  });

  it("gives the taker its failure, explained like any other (the server's words included)", async () => {
    setToken('tok-failed', false);
    answerGroups({ status: 503 });
    sendAhead(LABEL_GROUPS_PATH, 'tok-failed');
    const error = await fetchLabelGroups().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).detail).toMatchObject({ kind: 'server', status: 503, message: 'groups are resting' });
  });

  it("is cancelled by the taker's signal, with the taker's reason", async () => {
    setToken('tok-cancel', false);
    const seen = answerGroups({ wait: 5_000 });
    sendAhead(LABEL_GROUPS_PATH, 'tok-cancel');
    await expect.poll(() => seen.length).toBe(1);
    const controller = new AbortController();
    const asked = fetchLabelGroups({ signal: controller.signal });
    const reason = new Error('the page was left');
    controller.abort(reason);
    await expect(asked).rejects.toBe(reason);
    expect(seen[0]?.aborted()).toBe(true);
  });

  it('is cancelled at once by a caller whose signal is already aborted', async () => {
    setToken('tok-aborted', false);
    const seen = answerGroups({ wait: 5_000 });
    sendAhead(LABEL_GROUPS_PATH, 'tok-aborted');
    await expect.poll(() => seen.length).toBe(1);
    const reason = new Error('gone before it asked');
    await expect(fetchLabelGroups({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    await expect.poll(() => seen[0]?.aborted()).toBe(true);
  });

  it('fails quietly when nobody takes it: the user went elsewhere', async () => {
    const seen: Request[] = [];
    server.use(
      http.get(LABEL_GROUPS_PATH, ({ request }) => {
        seen.push(request);
        return HttpResponse.error();
      }),
    );
    const rejections: unknown[] = [];
    const record = (reason: unknown) => rejections.push(reason);
    host.on('unhandledRejection', record);
    try {
      sendAhead(LABEL_GROUPS_PATH, 'tok-nobody');
      await expect.poll(() => seen.length).toBe(1);
      await delay(50);
      expect(rejections).toEqual([]);
    } finally {
      host.off('unhandledRejection', record);
    }
  });
});

describe('a request sent ahead by another copy of the code', () => {
  // index.html's first script carries copies of the modules it needs (vite.config.ts, inlineScript): what it sends,
  // the app's own copy takes.
  it('is taken by the API client all the same, once', async () => {
    setToken('tok-copy', false);
    const seen = answerGroups({ wait: 50 });
    vi.resetModules();
    const copy = await import('./fetch-ahead');
    expect(copy.sendAhead).not.toBe(sendAhead);
    copy.sendAhead(LABEL_GROUPS_PATH, 'tok-copy');
    expect(copy.firstCallFor(window.location)).toBe(true);
    expect(firstCallFor(window.location)).toBe(false);
    expect(names(await fetchLabelGroups())).toEqual(['Answer 1']);
    expect(names(await fetchLabelGroups())).toEqual(['Answer 2']);
    expect(seen).toHaveLength(2);
  });

  it("runs out on the taker's timeout, counted from when it was taken", async () => {
    setToken('tok-slow', false);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const seen = answerGroups({ wait: 120_000 });
      sendAhead(LABEL_GROUPS_PATH, 'tok-slow');
      // Longer than any timeout: the request sent ahead has none of its own.
      await vi.advanceTimersByTimeAsync(20_000);
      expect(seen[0]?.aborted()).toBe(false);
      let settled: unknown = 'not yet';
      const asked = fetchLabelGroups().then(
        () => 'answered',
        (caught: unknown) => (settled = caught),
      );
      await vi.advanceTimersByTimeAsync(14_000);
      expect(settled).toBe('not yet');
      await vi.advanceTimersByTimeAsync(1_000);
      const error = await asked;
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).detail).toMatchObject({ kind: 'timeout', timeoutMs: 15_000 });
      expect(seen).toHaveLength(1);
      expect(seen[0]?.aborted()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
