import type { CourseStat } from '@contract';
import { useDeferredValue, useEffect, useMemo, type ReactNode } from 'react';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { useCatalog } from '@/lib/i18n';
import { ChangesRegion, rememberInBar, RememberToggle, SnapshotOffer } from '../changes/changes-region';
import type { SnapshotScope } from '../changes/snapshot';
import { useCourseChanges } from '../changes/use-course-changes';
import { useNow } from '../fields/use-now';
import { EMPTY_REPORT, EmptyResults } from '../results/empty-results';
import { ResultsBody, type CourseResults } from '../results/results-body';
import { resultsCatalogs } from '../results/strings';
import { preloadVirtualTable } from '../table/course-stats-table';
import { useCourseStatsTable } from '../table/use-course-stats-table';
import { useRowsShown } from '../triage/use-rows-shown';
import { wholeCourseCatalogs } from './strings';
import type { WholeCourse } from './use-whole-course';
import { WholeCourseLoadBar } from './whole-course-bar';

const NO_ROWS: CourseStat[] = [];

export interface WholeCourseContentProps {
  results: CourseResults;
  whole: WholeCourse;
  /**
   * What was on screen before, dimmed, inert and hidden from assistive technology while the first rows come, so "Load
   * all pages" does not empty the screen meanwhile. A load that stops first takes it away.
   */
  pageOnScreen?: ReactNode;
}

/** Every page of a course and filters: the loader's bar, then the rows as they come in. */
export function WholeCourseContent({ results, whole, pageOnScreen }: WholeCourseContentProps) {
  const { courseId, searchState } = results;
  const texts = useCatalog(wholeCourseCatalogs);
  const resultsTexts = useCatalog(resultsCatalogs);
  const { search, update } = searchState;
  const { query } = whole;
  // The table's code is on its way while the first page is: in by the time the rows are.
  useEffect(preloadVirtualTable, []);
  // Rows come through the query cache, which React renders in one synchronous pass: at 10,000 rows (row models, counts,
  // figures) one long task. Deferred, new rows render at low priority, in slices with input and frames between. The
  // loader's state is deferred with them, so the bar says "every page" once the table shows every row.
  const loaded = useMemo(
    () => ({ data: query.data, fetching: query.isFetching, updatedAt: query.dataUpdatedAt }),
    [query.data, query.isFetching, query.dataUpdatedAt],
  );
  const shown = useDeferredValue(loaded);
  const { data } = shown;
  const rows = data?.items ?? NO_ROWS;
  const complete = data?.complete ?? false;
  const now = useNow();
  const { userId, courseSessionId } = search;
  // A learner's rows are not a course: no snapshot, no region.
  const scope = useMemo<SnapshotScope | null>(
    () =>
      userId === undefined ? { origin: window.location.origin, courseId, sessionId: courseSessionId ?? null } : null,
    [userId, courseId, courseSessionId],
  );
  const changes = useCourseChanges({
    scope,
    rows,
    complete: complete && !query.isError,
    loadId: shown.updatedAt,
  });
  const rowsShown = useRowsShown(rows, search, now, changes.rowsShown);
  const table = useCourseStatsTable({
    shown: rowsShown.shown,
    search,
    update,
    isLastPage: true,
    changeColumn: changes.column,
  });

  const remember = changes.region && rememberInBar(changes.region) ? <RememberToggle model={changes.region} /> : null;
  // After a full load with nothing kept, one line says what keeping a snapshot would give.
  const offer =
    changes.region && complete && !query.isError && rows.length > 0 ? (
      <SnapshotOffer model={changes.region} courseId={courseId} />
    ) : null;
  const bar = (
    <WholeCourseLoadBar whole={whole} shown={shown} onShowPages={() => update({ all: false })} extra={remember} />
  );
  const error = query.isError ? (
    <ApiErrorAlert error={query.error} onRetry={whole.load} notFoundMessage={resultsTexts.notFound(courseId)} />
  ) : null;

  if (rows.length === 0) {
    return (
      <>
        {bar}
        {error}
        {complete && <EmptyResults report={data?.report ?? EMPTY_REPORT} results={results} />}
        {query.isFetching && !error && pageOnScreen && (
          <div className="course-stats-page-before" inert aria-hidden="true">
            {pageOnScreen}
          </div>
        )}
      </>
    );
  }

  return (
    <>
      {bar}
      {offer}
      {error}
      <ResultsBody
        results={results}
        loaded={{
          table,
          rowsShown,
          report: data?.report ?? EMPTY_REPORT,
          duplicates: data?.report.duplicates ?? 0,
          scope: {
            kind: 'whole',
            loaded: rows.length,
            shown: rowsShown.shown.length,
            narrowed: rowsShown.narrowed,
            complete,
            change: changes.narrowedTo,
          },
        }}
        busy={false}
        statusLine={
          <p aria-live="polite">
            {texts.showingOf(rowsShown.shown.length, rows.length)}
            {changes.statusNote && ` ${changes.statusNote}`}
          </p>
        }
        virtual
        changes={changes.region && <ChangesRegion model={changes.region} />}
      />
    </>
  );
}
