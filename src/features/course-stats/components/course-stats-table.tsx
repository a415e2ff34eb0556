import type { CourseStat } from '@contract';
import type { Table } from '@tanstack/react-table';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { CourseStatDetailsDialog } from './course-stat-details-dialog';
import { RowDetailsContext } from './row-details-context';

export interface CourseStatsTableProps {
  table: Table<CourseStat>;
  label: string;
  caption?: ReactNode;
  busy?: boolean;
  loading?: boolean;
}

/** The table and the details panel its user names open. */
export function CourseStatsTable({ table, label, caption, busy, loading }: CourseStatsTableProps) {
  const [detailsRowId, setDetailsRowId] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const rows = table.getRowModel().rows;
  const detailsIndex = detailsRowId === null ? -1 : rows.findIndex((row) => row.id === detailsRowId);

  const openDetails = useCallback((rowId: string, opener: HTMLElement) => {
    openerRef.current = opener;
    setDetailsRowId(rowId);
  }, []);

  const closeDetails = () => {
    // Focus goes back to the name of the row last shown, which is the opener unless Previous/Next was used.
    const shown = detailsRowId === null ? null : containerRef.current?.querySelector<HTMLElement>(`[data-row-opener="${detailsRowId}"]`);
    setDetailsRowId(null);
    (shown ?? openerRef.current)?.focus();
  };

  return (
    <RowDetailsContext value={openDetails}>
      <div ref={containerRef}>
        <DataTable table={table} label={label} caption={caption} busy={busy} loading={loading} />
      </div>
      {detailsIndex >= 0 && (
        <CourseStatDetailsDialog
          rows={rows.map((row) => row.original)}
          index={detailsIndex}
          onIndexChange={(index) => setDetailsRowId(rows[index]?.id ?? null)}
          onClose={closeDetails}
        />
      )}
    </RowDetailsContext>
  );
}
