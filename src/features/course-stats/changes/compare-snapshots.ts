import { handleDiffRequest, type DiffRequest, type DiffResponse, type SnapshotDiff } from './diff';
import type { Snapshot } from './snapshot';

/**
 * Compares two snapshots in a Worker: 10,000 rows take longer than a frame, and the table must stay responsive. With no
 * Worker (old browser, jsdom), or one that fails, the same handler runs on the page. One worker; answers matched by id.
 */
let worker: Worker | null = null;
let workerBroken = false;
let nextId = 1;
const pending = new Map<number, (response: DiffResponse | null) => void>();

function settleAll(): void {
  for (const resolve of pending.values()) resolve(null);
  pending.clear();
}

function startWorker(): Worker | null {
  if (worker || workerBroken) return worker;
  if (typeof Worker === 'undefined') return null;
  try {
    worker = new Worker(new URL('./diff.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    workerBroken = true;
    return null;
  }
  worker.addEventListener('message', (event: MessageEvent<DiffResponse>) => {
    const resolve = pending.get(event.data.id);
    pending.delete(event.data.id);
    resolve?.(event.data);
  });
  worker.addEventListener('error', () => {
    // A worker that cannot load (a blocked script, say) fails every request: they rerun on the page.
    workerBroken = true;
    worker?.terminate();
    worker = null;
    settleAll();
  });
  return worker;
}

function onWorker(request: DiffRequest): Promise<DiffResponse | null> {
  const target = startWorker();
  if (!target) return Promise.resolve(null);
  return new Promise((resolve) => {
    pending.set(request.id, resolve);
    target.postMessage(request);
  });
}

/** The changes from `older` to `newer`; null when a snapshot does not hold together. */
export async function compareSnapshots(older: Snapshot, newer: Snapshot): Promise<SnapshotDiff | null> {
  const request: DiffRequest = { id: nextId++, older, newer };
  const response = (await onWorker(request)) ?? handleDiffRequest(request);
  return response.status === 'ok' ? response.diff : null;
}

/** Stops the worker (a later comparison starts a new one); for sign-out and tests. */
export function stopDiffWorker(): void {
  worker?.terminate();
  worker = null;
  workerBroken = false;
  settleAll();
}
