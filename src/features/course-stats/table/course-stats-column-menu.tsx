import type { CourseStat } from '@contract';
import type { Table } from '@tanstack/react-table';
import { DataTableColumnMenu } from '@/components/data-table/data-table-column-menu';
import { useCatalog } from '@/lib/i18n';
import { tableCatalogs } from './strings';

/** The Columns menu of the course statistics table: every column but User, and "Reset columns". */
export function CourseStatsColumnMenu({ table }: { table: Table<CourseStat> }) {
  const texts = useCatalog(tableCatalogs);
  return <DataTableColumnMenu table={table} label={texts.columnsMenu} resetLabel={texts.resetColumns} />;
}
