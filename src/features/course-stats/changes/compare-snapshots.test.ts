import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareSnapshots, stopDiffWorker } from './compare-snapshots';
import { diffSnapshots, handleDiffRequest, type DiffRequest } from './diff';
import { DAY, MONDAY, snapshotOf } from './snapshot-test-support';

const older = snapshotOf(
  [{ user_id: 1, progress: 10, progress_percent: 10 }, { user_id: 2, completed: false }, { user_id: 3 }],
  MONDAY,
);
const newer = snapshotOf(
  [{ user_id: 1, progress: 35, progress_percent: 35 }, { user_id: 2, completed: true }, { user_id: 4 }],
  MONDAY + 7 * DAY,
);

/**
 * A stand-in for the browser's Worker (jsdom has none): it runs the worker's handler on a structured clone of each
 * message, later, as a worker would. `broken` fails to load the script, as a blocked worker does.
 */
function fakeWorker({ broken = false } = {}) {
  const started: string[] = [];
  class FakeWorker extends EventTarget {
    constructor(url: URL, options: WorkerOptions) {
      super();
      started.push(`${url.pathname.split('/').pop()} ${options.type}`);
      if (broken) setTimeout(() => this.dispatchEvent(new Event('error')));
    }
    postMessage(request: DiffRequest) {
      if (broken) return;
      const answer = handleDiffRequest(structuredClone(request));
      setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: structuredClone(answer) })));
    }
    terminate() {}
  }
  vi.stubGlobal('Worker', FakeWorker);
  return started;
}

afterEach(() => {
  stopDiffWorker();
  vi.unstubAllGlobals();
});

describe('comparing snapshots off the main thread', () => {
  it('answers a request by its id, with the comparison', () => {
    expect(handleDiffRequest({ id: 7, older, newer })).toEqual({
      id: 7,
      status: 'ok',
      diff: diffSnapshots(older, newer),
    });
  });

  it('answers a request whose snapshots do not hold together as invalid', () => {
    expect(handleDiffRequest({ id: 8, older, newer: { ...newer, rowCount: 99 } })).toEqual({
      id: 8,
      status: 'invalid',
    });
    expect(handleDiffRequest({ id: 9, older: 'nonsense', newer })).toEqual({ id: 9, status: 'invalid' });
  });

  it('runs on the page where there is no Worker, with the same result', async () => {
    expect(typeof Worker).toBe('undefined');
    const diff = await compareSnapshots(older, newer);
    expect(diff).toEqual(diffSnapshots(older, newer));
    expect(diff?.progressUp).toEqual({ count: 1, rowKeys: ['1:70'], points: 25 });
    expect(diff?.newlyCompleted.rowKeys).toEqual(['2:70']);
  });

  it('answers several comparisons at once, each with its own result', async () => {
    const [forward, backward] = await Promise.all([compareSnapshots(older, newer), compareSnapshots(newer, older)]);
    expect(forward?.newLearners.rowKeys).toEqual(['4:70']);
    expect(backward?.newLearners.rowKeys).toEqual(['3:70']);
  });

  it('sends the comparison to a module worker, with the same result as on the page', async () => {
    const started = fakeWorker();
    const [forward, backward] = await Promise.all([compareSnapshots(older, newer), compareSnapshots(newer, older)]);
    expect(started).toEqual(['diff.worker.ts module']);
    expect(forward).toEqual(diffSnapshots(older, newer));
    expect(backward).toEqual(diffSnapshots(newer, older));
  });

  it('runs the comparison on the page when the worker cannot start', async () => {
    fakeWorker({ broken: true });
    expect(await compareSnapshots(older, newer)).toEqual(diffSnapshots(older, newer));
  });
});
