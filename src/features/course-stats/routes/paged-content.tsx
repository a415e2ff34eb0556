import type { CourseStat, ParseReport } from '@contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId } from 'react';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { DataTablePagination } from '@/components/data-table/data-table-pagination';
import { useCatalog } from '@/lib/i18n';
import { MAX_TRANSIENT_RETRIES } from '@/lib/retry-policy';
import { PER_PAGE_OPTIONS } from '../params/course-stats-search';
import { useNow } from '../fields/use-now';
import { CourseStatsTable } from '../table/course-stats-table';
import { tableCatalogs } from '../table/strings';
import { useCourseStatsTable } from '../table/use-course-stats-table';
import { useRowsShown } from '../triage/use-rows-shown';
import { wholeCourseCatalogs } from '../whole-course/strings';
import { useWarmWholeCourse } from '../whole-course/warm-whole-course';
import { EmptyResults } from '../results/empty-results';
import { ResultsBody, type CourseResults } from '../results/results-body';
import { resultsCatalogs } from '../results/strings';
import { isRateLimited } from './use-course-rows';

const NO_ROWS: CourseStat[] = [];

/** The first try and the query client's retries of a timeout or a 5xx. */
const MAX_ATTEMPTS = MAX_TRANSIENT_RETRIES + 1;

export interface PagedContentProps {
  results: CourseResults;
  query: UseQueryResult<{ items: CourseStat[]; report: ParseReport }>;
  /** The prefetched next page came back empty. */
  nextPageEmpty: boolean;
  /** Kept on screen (inert) while its whole-course load brings rows; it warms nothing: the load has the Worker. */
  kept?: boolean;
}

/** Page-by-page browsing: one page of the API's results, its pages, and the offer to load them all. */
export function PagedContent({ results, query, nextPageEmpty, kept = false }: PagedContentProps) {
  const { courseId, searchState } = results;
  const texts = useCatalog(resultsCatalogs);
  const tableTexts = useCatalog(tableCatalogs);
  const wholeTexts = useCatalog(wholeCourseCatalogs);
  const { search, update } = searchState;
  const data = query.isPlaceholderData ? undefined : query.data;
  const pageIsFull = data !== undefined && data.report.received >= search.perPage;
  const isLastPage = query.isError || (data !== undefined && (!pageIsFull || nextPageEmpty));

  const rows = query.data?.items ?? NO_ROWS;
  const now = useNow();
  const rowsShown = useRowsShown(rows, search, now);
  const table = useCourseStatsTable({ shown: rowsShown.shown, search, update, isLastPage });
  const busy = query.isPlaceholderData;
  const wholeResults = search.page === 1 && isLastPage;
  const loadAllHintId = useId();
  const offersLoadAll = !query.isPending && !query.isError && rows.length > 0 && !wholeResults;
  useWarmWholeCourse(offersLoadAll && !kept);

  const pagination = (
    <DataTablePagination
      table={table}
      pageSizeOptions={PER_PAGE_OPTIONS}
      busy={busy}
      label={tableTexts.pagination}
      texts={tableTexts.pages}
    />
  );

  if (query.isPending) {
    // A timeout or a 5xx is retried by the query client; say so rather than only "Loading…".
    const retrying = query.isFetching && query.failureCount > 0 && !isRateLimited(query.failureReason);
    return (
      <>
        <p role="status">{retrying ? texts.retrying(query.failureCount + 1, MAX_ATTEMPTS) : texts.loading}</p>
        <CourseStatsTable table={table} rows={rowsShown.shown} label={tableTexts.tableLabel(courseId)} loading />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <ApiErrorAlert
          error={query.error}
          onRetry={() => void query.refetch()}
          notFoundMessage={texts.notFound(courseId)}
        />
        {search.page > 1 && pagination}
      </>
    );
  }
  if (rows.length === 0) {
    const report = query.data.report;
    if (report.received > 0 || search.page === 1) {
      return (
        <>
          <EmptyResults report={report} results={results} />
          {search.page > 1 && pagination}
        </>
      );
    }
    return (
      <>
        <div className="course-stats-empty">
          <p className="alert-title">{texts.emptyPage(search.page)}</p>
          <p>{texts.emptyPageHint}</p>
          <button type="button" className="button" onClick={() => update({ page: 1 })}>
            {texts.firstPage}
          </button>
        </div>
        {pagination}
      </>
    );
  }

  return (
    <ResultsBody
      results={results}
      loaded={{
        table,
        rowsShown,
        report: query.data.report,
        duplicates: 0,
        scope: {
          kind: 'page',
          page: search.page,
          pageRows: rows.length,
          shown: rowsShown.shown.length,
          narrowed: rowsShown.narrowed,
          wholeResults,
        },
      }}
      busy={busy}
      statusLine={
        <>
          <p role="status">
            {rowsShown.narrowed
              ? texts.showingOnPage(rowsShown.shown.length, rows.length, search.page)
              : texts.showingRows(rows.length, search.page)}
          </p>
          {!wholeResults && (
            <>
              <button
                type="button"
                className="button button-primary"
                onClick={results.loadAll}
                title={wholeTexts.loadAllHint}
                aria-describedby={loadAllHintId}
              >
                {wholeTexts.loadAll}
              </button>
              <span id={loadAllHintId} className="visually-hidden">
                {wholeTexts.loadAllHint}
              </span>
            </>
          )}
        </>
      }
      footer={pagination}
    />
  );
}
