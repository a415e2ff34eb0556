import type { CourseStat } from '@contract';
import type { AccessorFnColumnDef } from '@tanstack/react-table';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useCatalog } from '@/lib/i18n';
import { fieldCatalogs } from '../fields/strings';
import type { RowsShownChanges } from '../triage/use-rows-shown';
import { changeColumn, changeSorts } from './change-column';
import {
  compareWithSnapshot,
  forgetChanges,
  pickChange,
  processLoad,
  readChanges,
  subscribeChanges,
  type ScopeChanges,
} from './course-changes-store';
import type { ChangeId } from './diff';
import { scopeKey, type SnapshotScope } from './snapshot';
import { changesCatalogs } from './strings';
import { chooseRememberOnDevice } from './snapshot-store';
import { useRememberOnDevice } from '@/lib/device-consent';

export interface CourseChangesInput {
  /** Course, origin and session filter, one object per scope; null where snapshots do not apply (a learner). */
  scope: SnapshotScope | null;
  /** Every row loaded. */
  rows: readonly CourseStat[];
  /** All pages are in, with no error. */
  complete: boolean;
  /** Which load the rows are: when its last page came in (ms since the epoch). */
  loadId: number;
}

/** What the changes region shows and does. */
export interface ChangesRegionModel {
  remember: boolean;
  /** The comparison state of this load; null before the load completes or while Remember is off. */
  entry: ScopeChanges | null;
  pick: (change: ChangeId | null) => void;
  compareWith: (snapshotId: string) => void;
  setRemember: (remember: boolean) => void;
}

export interface CourseChanges {
  /** Null where snapshots do not apply: no region, no checkbox. */
  region: ChangesRegionModel | null;
  /** The change picked and the Change column's sort, for the rows-shown pipeline. */
  rowsShown: RowsShownChanges;
  /** The Change column, while there is a comparison. */
  column: (AccessorFnColumnDef<CourseStat> & { id: 'change' }) | null;
  /** The label of the change narrowing the rows ("Newly completed"); null while none does. */
  narrowedTo: string | null;
  /** Said after the row count while a change narrows the rows: "Only: Newly completed." */
  statusNote: string | null;
}

const NO_CHANGES: RowsShownChanges = { rowKeys: null, sorts: {} };
const NO_ENTRY = () => undefined;

/**
 * Snapshots and "what changed" for a whole course: once a load completes, with Remember on, its snapshot is kept and
 * compared with the last (see course-changes-store), which narrows the table on request and adds the Change column.
 */
export function useCourseChanges({ scope, rows, complete, loadId }: CourseChangesInput): CourseChanges {
  const remember = useRememberOnDevice();
  const words = useCatalog(fieldCatalogs);
  const texts = useCatalog(changesCatalogs);
  const key = scope ? scopeKey(scope) : null;
  const stored = useSyncExternalStore(subscribeChanges, key ? () => readChanges(key) : NO_ENTRY, NO_ENTRY);
  const entry = remember && complete && stored?.loadId === loadId ? stored : null;

  useEffect(() => {
    if (!key || !scope) return;
    // Taken back (here or in the device panel): the comparison goes with the snapshots it came from.
    if (!remember) {
      if (readChanges(key)) forgetChanges(key);
      return;
    }
    if (complete && rows.length > 0) processLoad(scope, rows, loadId);
  }, [key, scope, remember, complete, rows, loadId]);

  const phase = entry?.phase;
  const diff = phase?.kind === 'compared' ? phase.diff : null;
  const picked = diff ? (entry?.picked ?? null) : null;
  const rowsShown = useMemo<RowsShownChanges>(() => {
    if (!diff) return NO_CHANGES;
    // Rows no longer in the course are not in the table: picking them lists them instead.
    const rowKeys = picked && picked !== 'goneLearners' ? new Set(diff[picked].rowKeys) : null;
    return { rowKeys, sorts: changeSorts(diff) };
  }, [diff, picked]);
  const column = useMemo(() => (diff ? changeColumn(diff, words, texts) : null), [diff, words, texts]);

  if (!key) return { region: null, rowsShown: NO_CHANGES, column: null, narrowedTo: null, statusNote: null };
  const narrowedTo = rowsShown.rowKeys && picked ? texts.changeLabels[picked] : null;
  return {
    region: {
      remember,
      entry,
      pick: (change) => pickChange(key, change),
      compareWith: (snapshotId) => compareWithSnapshot(key, snapshotId),
      setRemember: (next) => {
        // Every snapshot is deleted, so every comparison made from them goes.
        if (!next) forgetChanges();
        void chooseRememberOnDevice(next);
      },
    },
    rowsShown,
    column,
    narrowedTo,
    statusNote: narrowedTo && texts.onlyChange(narrowedTo),
  };
}
