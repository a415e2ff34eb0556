import type { CourseStat } from '@contract';
import type { Table } from '@tanstack/react-table';
import { Suspense, useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { lazyReady, loadChunkOnce } from '@/lib/load-chunk';
import { DataTable } from '@/components/data-table/data-table';
import { rowIdOf } from '@/components/data-table/data-table-row-cells';
import { SortKeyDescription } from '@/components/data-table/data-table-column-header';
import type { VirtualDataTableHandle } from '@/components/data-table/virtual-data-table';
import { useCatalog } from '@/lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { RowDetailsContext } from './cells';
import { CourseStatsCards } from './course-stats-cards';
import { CourseStatDetailsDialog } from './details-dialog';
import { tableCatalogs } from './strings';

// Whole-course mode's table comes with TanStack Virtual: paged browsing never loads either. Its chunk keeps the
// name course-stats-virtual-table (vite.config.ts). (The details dialog is not split off: everything it uses is on
// the first screen already, so a chunk of its own measured larger.)
const virtualTableChunk = loadChunkOnce(() => import('@/components/data-table/virtual-data-table'));
const CourseStatsVirtualTable = lazyReady(virtualTableChunk, (module) => module.VirtualDataTable<CourseStat>);

/**
 * Asks for the whole-course table's code ahead of its first rows. Without it, the table suspends when they arrive and
 * mounts later in one synchronous render (the virtualiser measuring inside it): a whole-course load's longest task.
 */
export function preloadVirtualTable(): void {
  // A failure here is not the user's: the table's own load tries again, and shows it if it fails.
  virtualTableChunk().catch(() => undefined);
}

/**
 * Marks `box` with where its table's scroll region stands sideways: `data-scrolled` once scrolled from the start (the
 * pinned User column then casts a shadow) and `data-more-right` while columns lie past its right edge. Checked after
 * every render (columns shown or hidden change the width), on scroll and on resize.
 */
function useSidewaysOverflow(box: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => {
      const region = element.querySelector<HTMLElement>('.data-table-scroll');
      const scrolled = region !== null && region.scrollLeft > 1;
      const more = region !== null && region.scrollLeft + region.clientWidth < region.scrollWidth - 1;
      element.toggleAttribute('data-scrolled', scrolled);
      element.toggleAttribute('data-more-right', more);
    };
    update();
    // Scroll events do not bubble: the box listens in the capture phase, for whichever region it holds.
    element.addEventListener('scroll', update, { capture: true, passive: true });
    // Where there is no ResizeObserver (an old browser, a test's DOM), the marks follow renders and scrolls only.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    const table = element.querySelector('table');
    if (table) observer?.observe(table);
    return () => {
      element.removeEventListener('scroll', update, { capture: true });
      observer?.disconnect();
    };
  });
}

export interface CourseStatsTableProps {
  table: Table<CourseStat>;
  /** The rows shown, in their order (useRowsShown): the table's, the cards' and the details panel's list. */
  rows: readonly CourseStat[];
  label: string;
  caption?: ReactNode;
  busy?: boolean;
  loading?: boolean;
  /** Thousands of rows: render only those in view. */
  virtual?: boolean;
  /** Where "All sessions of this learner" leads from a row's details. */
  learnerHref?: (stat: CourseStat) => string;
}

/** The table (on a phone, a card per row) and the details panel its user names open. */
export function CourseStatsTable({
  table,
  rows,
  label,
  caption,
  busy,
  loading,
  virtual = false,
  learnerHref,
}: CourseStatsTableProps) {
  const texts = useCatalog(tableCatalogs);
  const phone = useMediaQuery(PHONE_QUERY);
  const [detailsRowId, setDetailsRowId] = useState<string | null>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const virtualRef = useRef<VirtualDataTableHandle>(null);
  // The details walk the rows shown, in their order; a row is found by its id, which a new sort keeps.
  const detailsIndex =
    detailsRowId === null ? -1 : rows.findIndex((stat, index) => rowIdOf(table, stat, index) === detailsRowId);
  useSidewaysOverflow(containerRef);
  // The User cell shows the email under the name unless the Email column is shown.
  const emailColumn = table.getColumn('user_email')?.getIsVisible() ?? false;

  const openDetails = useCallback((rowId: string, opener: HTMLElement) => {
    openerRef.current = opener;
    setDetailsRowId(rowId);
  }, []);

  const closeDetails = () => {
    // Focus goes back to the name of the row last shown, which is the opener unless Previous/Next was used.
    const rowId = detailsRowId;
    const findOpener = () =>
      rowId === null ? null : containerRef.current?.querySelector<HTMLElement>(`[data-row-opener="${rowId}"]`);
    setDetailsRowId(null);
    const shown = findOpener();
    if (shown || !virtual || phone || detailsIndex < 0) {
      (shown ?? openerRef.current)?.focus();
      return;
    }
    // In a virtualised table that row may be scrolled away and not rendered: bring it back first.
    virtualRef.current?.scrollToIndex(detailsIndex);
    requestAnimationFrame(() => {
      (findOpener() ?? containerRef.current?.querySelector<HTMLElement>('[role="region"]'))?.focus();
    });
  };

  // The cards, the virtual table and the plain one stand in for each other: one table, one name, one busy state.
  const shown = { table, label, busy };

  return (
    <RowDetailsContext value={openDetails}>
      <SortKeyDescription value={texts.sortKeyDescription}>
        <div ref={containerRef} className="course-stats-table-box" data-email-column={emailColumn || undefined}>
          {phone ? (
            // While the first rows load, the status line above says so: no skeleton cards.
            !loading && <CourseStatsCards {...shown} rows={rows} />
          ) : virtual ? (
            <Suspense fallback={<p className="muted">{texts.loadingTable}</p>}>
              <CourseStatsVirtualTable {...shown} rows={rows} caption={caption} handleRef={virtualRef} />
            </Suspense>
          ) : (
            <DataTable {...shown} caption={caption} loading={loading} />
          )}
        </div>
      </SortKeyDescription>
      {detailsIndex >= 0 && (
        <CourseStatDetailsDialog
          rows={rows}
          index={detailsIndex}
          onIndexChange={(index) => {
            const stat = rows[index];
            setDetailsRowId(stat === undefined ? null : rowIdOf(table, stat, index));
          }}
          onClose={closeDetails}
          learnerHref={learnerHref}
        />
      )}
    </RowDetailsContext>
  );
}
