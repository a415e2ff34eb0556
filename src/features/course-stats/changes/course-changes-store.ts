import type { CourseStat } from '@contract';
import type { DeviceStoreReason } from '@/lib/device-store';
import { compareSnapshots } from './compare-snapshots';
import type { ChangeId, SnapshotDiff } from './diff';
import { nextTask } from '@/lib/when-idle';
import { buildSnapshotInSlices, scopeKey, type Snapshot, type SnapshotScope } from './snapshot';
import { deleteSnapshot, listScopeSnapshots, readSnapshot, saveSnapshot, type SnapshotSummary } from './snapshot-store';
import { readRememberOnDevice } from '@/lib/device-consent';

/**
 * What the changes region knows of each course scope in this tab: the load worked out, the comparison, the pick.
 * Kept outside React, so it outlives the screen (a learner's view and back shows the same) but not the tab.
 */
export type ChangesPhase =
  | { kind: 'working' }
  | { kind: 'unavailable'; reason: DeviceStoreReason }
  /** Kept, with nothing earlier to compare with. */
  | { kind: 'kept' }
  | {
      kind: 'compared';
      diff: SnapshotDiff;
      /** The snapshot compared with. */
      baselineId: string;
      /** The scope's snapshots before this load, newest first. */
      earlier: SnapshotSummary[];
      /** Another snapshot is being compared with. */
      pending: boolean;
    };

export interface ScopeChanges {
  /** The load these are of (when its last page came in). */
  loadId: number;
  /** The snapshot of that load; null until built. */
  current: Snapshot | null;
  phase: ChangesPhase;
  picked: ChangeId | null;
}

const entries = new Map<string, ScopeChanges>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeChanges(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readChanges(key: string): ScopeChanges | undefined {
  return entries.get(key);
}

/** Changes an entry, unless it has moved on to another load meanwhile. */
function patch(key: string, loadId: number, change: Partial<ScopeChanges>): void {
  const entry = entries.get(key);
  if (!entry || entry.loadId !== loadId) return;
  entries.set(key, { ...entry, ...change });
  notify();
}

/** Forgets every scope's comparison: the snapshots behind them are being deleted. */
export function forgetChanges(key?: string): void {
  if (key === undefined) entries.clear();
  else entries.delete(key);
  notify();
}

export function pickChange(key: string, picked: ChangeId | null): void {
  const entry = entries.get(key);
  if (entry) patch(key, entry.loadId, { picked });
}

const unavailable = ({ reason }: { reason: DeviceStoreReason }): ChangesPhase => ({ kind: 'unavailable', reason });

type Compared = { ok: true; diff: SnapshotDiff } | { ok: false; phase: ChangesPhase };

async function compareWith(baselineId: string, current: Snapshot): Promise<Compared> {
  const baseline = await readSnapshot(baselineId);
  if (baseline.status !== 'ok') return { ok: false, phase: unavailable(baseline) };
  const diff = baseline.value && (await compareSnapshots(baseline.value, current));
  // A snapshot that no longer reads back (deleted meanwhile, or damaged) is as good as none.
  return diff ? { ok: true, diff } : { ok: false, phase: { kind: 'kept' } };
}

/**
 * A whole course's load has completed: its snapshot is built (in slices, after the render that showed the rows),
 * compared with its scope's newest earlier one (in a Worker), then kept. Once per load: a screen shown again finds it.
 */
export function processLoad(scope: SnapshotScope, rows: readonly CourseStat[], loadId: number): void {
  const key = scopeKey(scope);
  const entry = entries.get(key);
  if (entry?.loadId === loadId) return;
  // Marked at once (worked out once), shown a task later, so the render that handed over the rows is not longer.
  entries.set(key, { loadId, current: null, phase: { kind: 'working' }, picked: null });
  void (async () => {
    await nextTask();
    notify();
    const current = await buildSnapshotInSlices(scope, rows, loadId);
    const listed = await listScopeSnapshots(scope);
    if (listed.status !== 'ok') {
      patch(key, loadId, { phase: unavailable(listed) });
      return;
    }
    const earlier = listed.value.filter((summary) => summary.takenAt < current.takenAt);
    const baseline = earlier[0];
    const compared = baseline ? await compareWith(baseline.id, current) : null;
    const saved = await saveSnapshot(current);
    if (saved.status !== 'ok') {
      patch(key, loadId, { current, phase: unavailable(saved) });
      return;
    }
    // Taken back while this was working: what was just written goes too.
    if (saved.value.saved && !readRememberOnDevice()) void deleteSnapshot(saved.value.summary.id);
    const removed = saved.value.saved ? saved.value.removed : [];
    const kept = earlier.filter((summary) => !removed.includes(summary.id));
    const phase: ChangesPhase =
      !baseline || !compared
        ? { kind: 'kept' }
        : compared.ok
          ? { kind: 'compared', diff: compared.diff, baselineId: baseline.id, earlier: kept, pending: false }
          : compared.phase;
    patch(key, loadId, { current, phase });
  })();
}

/** Compares the current load with another earlier snapshot of its scope, chosen by the user. */
export function compareWithSnapshot(key: string, baselineId: string): void {
  const entry = entries.get(key);
  if (!entry?.current || entry.phase.kind !== 'compared') return;
  const { loadId, current, phase } = entry;
  patch(key, loadId, { phase: { ...phase, baselineId, pending: true } });
  void compareWith(baselineId, current).then((compared) => {
    // Another snapshot chosen meanwhile: its answer is the one to show.
    const now = entries.get(key)?.phase;
    if (now?.kind !== 'compared' || now.baselineId !== baselineId) return;
    patch(key, loadId, {
      phase: compared.ok ? { ...phase, diff: compared.diff, baselineId, pending: false } : compared.phase,
    });
  });
}
