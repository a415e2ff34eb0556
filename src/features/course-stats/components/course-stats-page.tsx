import type { CourseStat, ParseReport } from '@contract';
import { matchQuery, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { Table } from '@tanstack/react-table';
import { lazy, Suspense, useDeferredValue, useEffect, useId, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { loadChunk } from '@/lib/load-chunk';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { DataTableColumnMenu } from '@/components/data-table/data-table-column-menu';
import { DataTablePagination } from '@/components/data-table/data-table-pagination';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { isApiError } from '@/lib/api-error';
import { useCatalog } from '@/lib/i18n';
import { MAX_RETRIES } from '@/lib/query-client';
import { courseStatsQueries } from '../api/course-stats-queries';
import { useCourseIdParam } from '../hooks/use-course-id-param';
import { useCourseStatsSearch, type CourseStatsSearchState } from '../hooks/use-course-stats-search';
import { useCourseStatsTable } from '../hooks/use-course-stats-table';
import { useNow } from '../hooks/use-now';
import { useRowsShown, type RowsShown } from '../hooks/use-rows-shown';
import { useWholeCourse, type WholeCourse } from '../hooks/use-whole-course';
import {
  courseStatsHref,
  courseStatsParams,
  hasFilters,
  PER_PAGE_OPTIONS,
  type CourseStatsSearch,
} from '../model/course-stats-search';
import { recordRecentCourse } from '../model/recent-courses';
import { courseStatsCatalogs, type RowsScope } from '../strings';
import { CourseStatsFilterForm, type SubmittedFilters } from './course-stats-filter-form';
import { CourseStatsSummary } from './course-stats-summary';
import { CourseStatsTable } from './course-stats-table';
import { ShownRowsTools } from './shown-rows-tools';
import { TriageControls } from './triage-controls';
import { WholeCourseBar } from './whole-course-bar';
import './course-stats.css';

// A view most visits never open: its code loads when it is asked for.
const LearnerView = lazy(() =>
  loadChunk(() => import('./learner-view')).then((module) => ({ default: module.LearnerView })),
);
// Charts are not needed to read the first rows: the overview and its chart code load beside the table.
const CourseOverviewPanel = lazy(() =>
  loadChunk(() => import('./course-overview-panel')).then((module) => ({ default: module.CourseOverviewPanel })),
);

const NO_ROWS: CourseStat[] = [];

/** The first try and the query client's retries of a timeout or a 5xx. */
const MAX_ATTEMPTS = MAX_RETRIES + 1;

const isRateLimited = (reason: unknown) => isApiError(reason) && reason.detail.kind === 'rate_limited';

/** Route `/courses/:courseId/stats`. An invalid course id never reaches the API. */
export function CourseStatsPage() {
  const texts = useCatalog(courseStatsCatalogs);
  const param = useCourseIdParam();
  if (!param.ok) return <InvalidCourse raw={param.raw} message={texts.idProblem('courseId', param.problem)} />;
  return <CourseStatsView key={param.courseId} courseId={param.courseId} />;
}

function useGoToCourse(search?: CourseStatsSearch) {
  const navigate = useNavigate();
  return (filters: SubmittedFilters) =>
    void navigate(
      courseStatsHref(filters.courseId, {
        userId: filters.userId,
        courseSessionId: filters.courseSessionId,
        perPage: search?.perPage,
        sort: search?.sort,
      }),
    );
}

function InvalidCourse({ raw, message }: { raw: string; message: string }) {
  const texts = useCatalog(courseStatsCatalogs);
  const goToCourse = useGoToCourse();
  return (
    <section className="course-stats">
      <h1>{texts.indexTitle}</h1>
      <div role="alert" className="alert alert-error">
        <p className="alert-title">{texts.invalidCourseTitle}</p>
        <p className="alert-detail">{texts.invalidCourse(raw, message)}</p>
      </div>
      <CourseStatsFilterForm onSubmit={goToCourse} />
    </section>
  );
}

type Mode = 'paged' | 'whole' | 'learner';

function CourseStatsView({ courseId }: { courseId: number }) {
  const texts = useCatalog(courseStatsCatalogs);
  const searchState = useCourseStatsSearch();
  const { search, corrections, update, setFilters } = searchState;
  const goToCourse = useGoToCourse(search);
  const headingId = useId();
  const mode: Mode =
    search.view === 'learner' && search.userId !== undefined ? 'learner' : search.all ? 'whole' : 'paged';

  const listParams = courseStatsParams(courseId, search);
  const listQuery = useQuery({
    ...courseStatsQueries.list(listParams),
    enabled: mode === 'paged',
    // The previous page stays on screen while the next one loads, but never rows of another course or filter.
    placeholderData: (previous, previousQuery) =>
      previousQuery && matchQuery({ queryKey: courseStatsQueries.pages(listParams) }, previousQuery)
        ? previous
        : undefined,
  });
  // The next page is observed by this same component, after the main query: on Next, the main query takes the
  // prefetched page over in the same render, so it is never left unobserved (which would cancel and refetch it).
  const listData = listQuery.isPlaceholderData ? undefined : listQuery.data;
  // Whether a page is full counts what the API sent, not what survived parsing.
  const pageIsFull = mode === 'paged' && listData !== undefined && listData.report.received >= search.perPage;
  // Loading the next page early both makes Next instant and tells whether there is a next page at all.
  const nextPageQuery = useQuery({
    ...courseStatsQueries.list({ ...listParams, page: search.page + 1 }),
    enabled: pageIsFull,
  });
  const whole = useWholeCourse(listParams, mode === 'whole');

  const shownData = mode === 'whole' ? whole.query.data : listQuery.isPlaceholderData ? undefined : listQuery.data;
  const courseName = shownData?.items[0]?.coursename ?? null;
  const loaded = shownData !== undefined;
  useEffect(() => {
    if (loaded) recordRecentCourse({ id: courseId, name: courseName });
  }, [loaded, courseId, courseName]);

  const handleSubmit = (filters: SubmittedFilters) => {
    if (filters.courseId === courseId) setFilters({ userId: filters.userId, courseSessionId: filters.courseSessionId });
    else goToCourse(filters);
  };
  const clearFilters = () => setFilters({ userId: undefined, courseSessionId: undefined });
  const filtered = hasFilters(search);
  const rateLimited =
    mode === 'paged' &&
    listQuery.isFetching &&
    isApiError(listQuery.failureReason) &&
    listQuery.failureReason.detail.kind === 'rate_limited';

  const learnerHref = (stat: CourseStat) => courseStatsHref(courseId, { userId: stat.user_id, view: 'learner' });

  let content: ReactNode;
  if (mode === 'learner' && search.userId !== undefined) {
    content = (
      <Suspense fallback={<p role="status">{texts.loading}</p>}>
        <LearnerView courseId={courseId} userId={search.userId} backHref={courseStatsHref(courseId)} />
      </Suspense>
    );
  } else if (mode === 'whole') {
    content = (
      <WholeCourseContent
        courseId={courseId}
        whole={whole}
        searchState={searchState}
        filtered={filtered}
        clearFilters={clearFilters}
        learnerHref={learnerHref}
      />
    );
  } else {
    content = (
      <PagedContent
        courseId={courseId}
        query={listQuery}
        nextPageEmpty={nextPageQuery.data?.report.received === 0}
        searchState={searchState}
        filtered={filtered}
        clearFilters={clearFilters}
        learnerHref={learnerHref}
        onLoadAll={() => {
          update({ all: true, page: 1 });
          whole.load();
        }}
      />
    );
  }

  return (
    <section className="course-stats" aria-labelledby={headingId}>
      <h1 id={headingId}>{texts.pageTitle(courseId)}</h1>
      {courseName && mode !== 'learner' && <p className="muted">{texts.courseName(courseName)}</p>}
      {corrections.length > 0 && (
        <div role="status" className="alert alert-info">
          <p className="alert-title">{texts.correctionsTitle}</p>
          <ul className="alert-list">
            {corrections.map((correction) => (
              <li key={correction.param}>{texts.correction(correction)}</li>
            ))}
          </ul>
        </div>
      )}
      {mode !== 'learner' && (
        <>
          <CourseStatsFilterForm
            key={`${courseId}:${search.userId ?? ''}:${search.courseSessionId ?? ''}`}
            initial={{
              courseId: String(courseId),
              userId: search.userId === undefined ? '' : String(search.userId),
              courseSessionId: search.courseSessionId === undefined ? '' : String(search.courseSessionId),
            }}
            onSubmit={handleSubmit}
          />
          {filtered && (
            <p className="course-stats-active-filters">
              {texts.activeFilters}{' '}
              {[
                search.userId === undefined ? null : texts.filterUser(search.userId),
                search.courseSessionId === undefined ? null : texts.filterSession(search.courseSessionId),
              ]
                .filter((part) => part !== null)
                .join(', ')}
              .{' '}
              <button type="button" className="button-link" onClick={clearFilters}>
                {texts.clearFilters}
              </button>
            </p>
          )}
        </>
      )}
      {rateLimited && (
        <p role="status" className="alert alert-info">
          {texts.rateLimitedWaiting}
        </p>
      )}
      {content}
    </section>
  );
}

interface ModeContentProps {
  courseId: number;
  searchState: CourseStatsSearchState;
  filtered: boolean;
  clearFilters: () => void;
  learnerHref: (stat: CourseStat) => string;
}

/** What a course with no rows says, and the way out. */
function EmptyResults({
  report,
  filtered,
  clearFilters,
}: {
  report: ParseReport;
  filtered: boolean;
  clearFilters: () => void;
}) {
  const texts = useCatalog(courseStatsCatalogs);
  return (
    <>
      <ParseReportNotice report={report} itemNoun="row" />
      <div className="course-stats-empty">
        {report.received > 0 ? (
          <p className="alert-title">{texts.allRejected(report.received)}</p>
        ) : filtered ? (
          <>
            <p className="alert-title">{texts.emptyFilters}</p>
            <button type="button" className="button" onClick={clearFilters}>
              {texts.clearFilters}
            </button>
          </>
        ) : (
          <p className="alert-title">{texts.emptyCourse}</p>
        )}
      </div>
    </>
  );
}

function PagedContent({
  courseId,
  query,
  nextPageEmpty,
  searchState,
  filtered,
  clearFilters,
  learnerHref,
  onLoadAll,
}: ModeContentProps & {
  query: UseQueryResult<{ items: CourseStat[]; report: ParseReport }>;
  /** The prefetched next page came back empty. */
  nextPageEmpty: boolean;
  onLoadAll: () => void;
}) {
  const texts = useCatalog(courseStatsCatalogs);
  const { search, update } = searchState;
  const data = query.isPlaceholderData ? undefined : query.data;
  const pageIsFull = data !== undefined && data.report.received >= search.perPage;
  const isLastPage = query.isError || (data !== undefined && (!pageIsFull || nextPageEmpty));

  const rows = query.data?.items ?? NO_ROWS;
  const now = useNow();
  const rowsShown = useRowsShown(rows, search, now);
  const table = useCourseStatsTable({ rows, shown: rowsShown.shown, search, update, isLastPage });
  const busy = query.isPlaceholderData;
  const wholeResults = search.page === 1 && isLastPage;

  const pagination = (
    <DataTablePagination
      table={table}
      pageSizeOptions={PER_PAGE_OPTIONS}
      busy={busy}
      label={texts.pagination}
      texts={{
        previous: texts.previousPage,
        next: texts.nextPage,
        page: texts.page,
        rowsPerPage: texts.rowsPerPage,
        loadingPage: texts.loadingPage,
      }}
    />
  );

  if (query.isPending) {
    // A timeout or a 5xx is retried by the query client; say so rather than only "Loading…".
    const retrying = query.isFetching && query.failureCount > 0 && !isRateLimited(query.failureReason);
    return (
      <>
        <p role="status">{retrying ? texts.retrying(query.failureCount + 1, MAX_ATTEMPTS) : texts.loading}</p>
        <CourseStatsTable table={table} label={texts.tableLabel(courseId)} loading />
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
          <EmptyResults report={report} filtered={filtered} clearFilters={clearFilters} />
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

  const scope: RowsScope = {
    kind: 'page',
    page: search.page,
    pageRows: rows.length,
    shown: rowsShown.shown.length,
    narrowed: rowsShown.narrowed,
    wholeResults,
  };
  return (
    <>
      {!wholeResults && (
        <div className="whole-course-offer">
          <button type="button" className="button button-primary" onClick={onLoadAll}>
            {texts.loadAll}
          </button>
          <p className="muted field-hint">{texts.loadAllHint}</p>
        </div>
      )}
      <ResultsBody
        courseId={courseId}
        searchState={searchState}
        table={table}
        rowsShown={rowsShown}
        report={query.data.report}
        scope={scope}
        busy={busy}
        partial={false}
        loadedRows={rows}
        complete={wholeResults}
        statusLine={
          <p role="status">
            {rowsShown.narrowed
              ? texts.showingOnPage(rowsShown.shown.length, rows.length, search.page)
              : texts.showingRows(rows.length, search.page)}
          </p>
        }
        learnerHref={learnerHref}
        footer={pagination}
      />
    </>
  );
}

const EMPTY_REPORT: ParseReport = { received: 0, accepted: 0, rejected: [], dropped: [] };

function WholeCourseContent({
  courseId,
  whole,
  searchState,
  filtered,
  clearFilters,
  learnerHref,
}: ModeContentProps & { whole: WholeCourse }) {
  const texts = useCatalog(courseStatsCatalogs);
  const { search, update } = searchState;
  const { query } = whole;
  // Rows arrive through the query cache, which React renders in one synchronous pass; at 10,000 rows that pass
  // (row models, counts, figures) is one long task. Deferred, the new rows render at low priority, in slices the
  // browser can run input and frames between. The loader's state is deferred with them, so that the bar says
  // "every page" only once the table shows every row; its counts follow the rows handed over (query.data).
  const loaded = useMemo(
    () => ({ data: query.data, fetching: query.isFetching, updatedAt: query.dataUpdatedAt }),
    [query.data, query.isFetching, query.dataUpdatedAt],
  );
  const shown = useDeferredValue(loaded);
  const { data } = shown;
  const rows = data?.items ?? NO_ROWS;
  const complete = data?.complete ?? false;
  const now = useNow();
  const rowsShown = useRowsShown(rows, search, now);
  const table = useCourseStatsTable({ rows, shown: rowsShown.shown, search, update, isLastPage: true });

  const bar = (
    <WholeCourseBar
      data={data}
      latest={query.data}
      queryKey={whole.queryKey}
      fetching={shown.fetching}
      updatedAt={shown.updatedAt}
      onCancel={whole.cancel}
      onResume={whole.load}
      onRefresh={whole.refresh}
      onShowPages={() => update({ all: false })}
    />
  );
  const error = query.isError ? (
    <ApiErrorAlert error={query.error} onRetry={whole.load} notFoundMessage={texts.notFound(courseId)} />
  ) : null;

  if (rows.length === 0) {
    return (
      <>
        {bar}
        {error}
        {complete && (
          <EmptyResults report={data?.report ?? EMPTY_REPORT} filtered={filtered} clearFilters={clearFilters} />
        )}
      </>
    );
  }

  const scope: RowsScope = {
    kind: 'whole',
    loaded: rows.length,
    shown: rowsShown.shown.length,
    narrowed: rowsShown.narrowed,
    complete,
  };
  return (
    <>
      {bar}
      {error}
      <ResultsBody
        courseId={courseId}
        searchState={searchState}
        table={table}
        rowsShown={rowsShown}
        report={data?.report ?? EMPTY_REPORT}
        duplicates={data?.report.duplicates ?? 0}
        scope={scope}
        busy={false}
        partial={!complete}
        loadedRows={rows}
        complete={complete}
        statusLine={<p aria-live="polite">{texts.showingOf(rowsShown.shown.length, rows.length)}</p>}
        learnerHref={learnerHref}
        virtual
      />
    </>
  );
}

interface ResultsBodyProps {
  courseId: number;
  searchState: CourseStatsSearchState;
  table: Table<CourseStat>;
  rowsShown: RowsShown;
  report: ParseReport;
  duplicates?: number;
  scope: RowsScope;
  busy: boolean;
  partial: boolean;
  /** Every row loaded, before search and quick filters: what the overview describes. */
  loadedRows: readonly CourseStat[];
  /** The rows loaded are every row of the course and filters. */
  complete: boolean;
  statusLine: ReactNode;
  learnerHref: (stat: CourseStat) => string;
  footer?: ReactNode;
  virtual?: boolean;
}

/** Everything over the rows loaded, in either mode: figures, notices, search and filters, tools, the table. */
function ResultsBody({
  courseId,
  searchState,
  table,
  rowsShown,
  report,
  duplicates = 0,
  scope,
  busy,
  partial,
  loadedRows,
  complete,
  statusLine,
  learnerHref,
  footer,
  virtual = false,
}: ResultsBodyProps) {
  const texts = useCatalog(courseStatsCatalogs);
  const now = useNow();
  const { search, update } = searchState;
  const { shown, counts } = rowsShown;
  const sortNote = search.sort ? texts.sortScope(texts.columnHeaders[search.sort.id], search.sort.desc, scope) : null;
  const label = texts.tableLabel(courseId);
  return (
    <>
      <CourseStatsSummary rows={shown} scope={texts.summaryScope(scope)} />
      <ParseReportNotice report={report} itemNoun="row" />
      {duplicates > 0 && <p className="alert alert-info">{texts.duplicates(duplicates)}</p>}
      <TriageControls
        q={search.q}
        quick={search.quick}
        counts={counts}
        scope={texts.triageScope(scope, search.q !== '')}
        update={update}
      />
      <div className="course-stats-toolbar">
        {statusLine}
        <DataTableColumnMenu table={table} label={texts.columnsMenu} />
      </div>
      <ShownRowsTools courseId={courseId} table={table} rows={shown} partial={partial} />
      <Suspense fallback={null}>
        <CourseOverviewPanel rows={loadedRows} complete={complete} now={now} />
      </Suspense>
      {sortNote && <p className="muted course-stats-sort-note">{sortNote}</p>}
      {shown.length === 0 ? (
        <div className="course-stats-empty">
          <p className="alert-title">{texts.noMatches}</p>
          <button type="button" className="button" onClick={() => update({ q: '', quick: [] })}>
            {texts.clearTriage}
          </button>
        </div>
      ) : (
        <CourseStatsTable
          table={table}
          label={label}
          caption={sortNote ? `${label}. ${sortNote}` : undefined}
          busy={busy}
          virtual={virtual}
          learnerHref={learnerHref}
        />
      )}
      {footer}
    </>
  );
}
