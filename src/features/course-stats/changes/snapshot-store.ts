import * as z from 'zod/mini';
import { openDeviceStore, type DeviceResult, type DeviceStore } from '@/lib/device-store';
import { forgetStoredAccounts } from '@/course/account-store';
import { readRememberOnDevice, setRememberOnDevice } from '@/lib/device-consent';
import { forgetCourseMemory } from '@/lib/storage';
import {
  asSnapshot,
  scopeKey,
  snapshotBytes,
  snapshotScopeSchema,
  type Snapshot,
  type SnapshotScope,
} from './snapshot';

/**
 * Course snapshots in IndexedDB, each two records written in one transaction: a small summary (for the "Stored on this
 * device" list, read without the rows) and the rows; the newest KEEP_PER_SCOPE per course, origin and session filter
 * are kept. Nothing is written unless "Remember on this device" is on; failures come back `unavailable`.
 */
export const KEEP_PER_SCOPE = 3;

const summarySchema = z.object({
  /** Unique per snapshot: the scope's key and the moment. */
  id: z.string(),
  scope: snapshotScopeSchema,
  takenAt: z.number(),
  rowCount: z.int(),
  /** The rows' size in bytes. */
  bytes: z.int(),
});
export type SnapshotSummary = z.output<typeof summarySchema>;

type SummaryKey = ['summary', string];
type RowsKey = ['rows', string];

const summaryKey = (id: string): SummaryKey => ['summary', id];
const rowsKey = (id: string): RowsKey => ['rows', id];

export const SNAPSHOT_DB = 'course-stats-snapshots';
const SNAPSHOT_STORE = 'snapshots';

let defaultStore: DeviceStore | null = null;

/** The app's store; tests and benchmarks pass their own. */
function storeOrDefault(store: DeviceStore | undefined): DeviceStore {
  return store ?? (defaultStore ??= openDeviceStore(SNAPSHOT_DB, SNAPSHOT_STORE));
}

/**
 * The user's choice, as every checkbox applies it. Taking it back deletes the snapshots and the overview's figures kept
 * so far: nothing about learners outlives the tab. The result says whether they went.
 */
export async function chooseRememberOnDevice(remember: boolean): Promise<DeviceResult<void>> {
  setRememberOnDevice(remember);
  if (remember) return { status: 'ok', value: undefined };
  return bothDeleted(deleteAllSnapshots(), forgetStoredAccounts());
}

async function bothDeleted(
  first: Promise<DeviceResult<void>>,
  second: Promise<DeviceResult<void>>,
): Promise<DeviceResult<void>> {
  const results = await Promise.all([first, second]);
  return results.find((result) => result.status !== 'ok') ?? results[0];
}

const newestFirst = (a: SnapshotSummary, b: SnapshotSummary) => b.takenAt - a.takenAt;

/** Every snapshot's summary, newest first (across courses). */
export async function listSnapshots(store?: DeviceStore): Promise<DeviceResult<SnapshotSummary[]>> {
  const target = storeOrDefault(store);
  const keys = await target.keys();
  if (keys.status !== 'ok') return keys;
  const wanted = keys.value.filter((key): key is SummaryKey => Array.isArray(key) && key[0] === 'summary');
  const summaries = await target.getMany(wanted);
  if (summaries.status !== 'ok') return summaries;
  return {
    status: 'ok',
    value: summaries.value.flatMap((value) => summarySchema.safeParse(value).data ?? []).sort(newestFirst),
  };
}

/** The summaries of one scope's snapshots, newest first. */
export async function listScopeSnapshots(
  scope: SnapshotScope,
  store?: DeviceStore,
): Promise<DeviceResult<SnapshotSummary[]>> {
  const all = await listSnapshots(store);
  if (all.status !== 'ok') return all;
  const key = scopeKey(scope);
  return { status: 'ok', value: all.value.filter((summary) => scopeKey(summary.scope) === key) };
}

/** One snapshot's rows; null when it is gone or does not read back as a snapshot. */
export async function readSnapshot(id: string, store?: DeviceStore): Promise<DeviceResult<Snapshot | null>> {
  const found = await storeOrDefault(store).getMany([rowsKey(id)]);
  if (found.status !== 'ok') return found;
  return { status: 'ok', value: asSnapshot(found.value[0]) };
}

export type SaveOutcome = { saved: true; summary: SnapshotSummary; removed: string[] } | { saved: false };

/** Keeps `snapshot`, dropping its scope's oldest past KEEP_PER_SCOPE; nothing is written with `remember` off. */
export async function saveSnapshot(
  snapshot: Snapshot,
  { store, remember = readRememberOnDevice() }: { store?: DeviceStore; remember?: boolean } = {},
): Promise<DeviceResult<SaveOutcome>> {
  if (!remember) return { status: 'ok', value: { saved: false } };
  const target = storeOrDefault(store);
  const summary: SnapshotSummary = {
    id: `${scopeKey(snapshot.scope)}|${snapshot.takenAt}`,
    scope: snapshot.scope,
    takenAt: snapshot.takenAt,
    rowCount: snapshot.rowCount,
    bytes: snapshotBytes(snapshot),
  };
  const written = await target.setMany([
    [summaryKey(summary.id), summary],
    [rowsKey(summary.id), snapshot],
  ]);
  if (written.status !== 'ok') return written;
  const kept = await listScopeSnapshots(snapshot.scope, target);
  if (kept.status !== 'ok') return kept;
  const removed = kept.value.slice(KEEP_PER_SCOPE).map((old) => old.id);
  if (removed.length > 0) {
    const deleted = await target.delMany(removed.flatMap((id) => [summaryKey(id), rowsKey(id)]));
    if (deleted.status !== 'ok') return deleted;
  }
  return { status: 'ok', value: { saved: true, summary, removed } };
}

export function deleteSnapshot(id: string, store?: DeviceStore): Promise<DeviceResult<void>> {
  return storeOrDefault(store).delMany([summaryKey(id), rowsKey(id)]);
}

export function deleteAllSnapshots(store?: DeviceStore): Promise<DeviceResult<void>> {
  return storeOrDefault(store).clear();
}

/**
 * "Forget this device": snapshots, the overview's figures, saved views, recent courses and the Remember choice.
 * localStorage is cleared even without IndexedDB; the result says whether the snapshots and the figures went too.
 */
export function forgetThisDevice(store?: DeviceStore): Promise<DeviceResult<void>> {
  forgetCourseMemory();
  return bothDeleted(deleteAllSnapshots(store), forgetStoredAccounts());
}
