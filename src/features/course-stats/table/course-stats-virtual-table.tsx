import type { CourseStat } from '@contract';
import { VirtualDataTable, type VirtualDataTableProps } from '@/components/data-table/virtual-data-table';

/** Whole-course mode's table, in a chunk of its own with TanStack Virtual: paged browsing never loads it. */
export function CourseStatsVirtualTable(props: VirtualDataTableProps<CourseStat>) {
  return <VirtualDataTable {...props} />;
}
