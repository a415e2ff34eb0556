import { diffSnapshots, type SnapshotDiff } from './diff';
import { asSnapshot } from './snapshot';

/** What the page sends the diff worker, and what comes back; `id` pairs an answer with its request. */
export interface DiffRequest {
  id: number;
  older: unknown;
  newer: unknown;
}

export type DiffResponse = { id: number; status: 'ok'; diff: SnapshotDiff } | { id: number; status: 'invalid' };

/**
 * The worker's whole job, kept apart from the worker's global scope so it can run (and be tested) on the page too.
 * Snapshots arrive by structured clone, so they are checked again, not trusted.
 */
export function handleDiffRequest(request: DiffRequest): DiffResponse {
  const older = asSnapshot(request.older);
  const newer = asSnapshot(request.newer);
  if (!older || !newer) return { id: request.id, status: 'invalid' };
  return { id: request.id, status: 'ok', diff: diffSnapshots(older, newer) };
}
