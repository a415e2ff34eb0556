import type { CourseStat } from '@contract';
import type { AccessorFnColumnDef } from '@tanstack/react-table';
import type { ComputedSorts } from '../fields/fields';
import type { FieldTexts } from '../fields/strings';
import type { SnapshotDiff } from './diff';
import { statRowKey } from '../fields/row-key';
import type { ChangesTexts } from './strings';
import '@/components/data-table/column-meta';

/** A row's progress change since the snapshot, as Change sorts it; a new row is a group after the largest gain. */
function sortValue(diff: SnapshotDiff, stat: CourseStat): number {
  return diff.progressDelta.get(statRowKey(stat)) ?? Number.POSITIVE_INFINITY;
}

export function changeSorts(diff: SnapshotDiff): ComputedSorts {
  return { change: { value: (stat) => sortValue(diff, stat), text: false } };
}

/** The Change column: progress change in points ("+15", "−5", "0"), "New" for a new row; CSV: a number. */
export function changeColumn(
  diff: SnapshotDiff,
  words: FieldTexts,
  texts: ChangesTexts,
): AccessorFnColumnDef<CourseStat> & { id: 'change' } {
  const header = words.columnHeaders.change;
  const shown = (stat: CourseStat) => {
    const delta = sortValue(diff, stat);
    return delta === Number.POSITIVE_INFINITY ? texts.newRow : delta;
  };
  return {
    id: 'change',
    header,
    accessorFn: (stat) => sortValue(diff, stat),
    enableSorting: true,
    sortingFn: 'basic',
    sortUndefined: 'last',
    enableHiding: true,
    cell: ({ row }) => {
      const value = shown(row.original);
      return typeof value === 'string' ? value : texts.delta(value);
    },
    meta: {
      label: header,
      exportHeader: `${header} (${texts.csvUnit})`,
      width: 6.5,
      align: 'end',
      exportValue: shown,
    },
  };
}
