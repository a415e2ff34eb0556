import type { CourseStat } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { DataTableColumnMenu } from '@/components/data-table/data-table-column-menu';
import { DataTablePagination } from '@/components/data-table/data-table-pagination';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { isApiError } from '@/lib/api-error';
import { courseStatsQueries, type CourseStatsListParams } from '../api/course-stats-queries';
import { useCourseIdParam } from '../hooks/use-course-id-param';
import { useCourseStatsSearch } from '../hooks/use-course-stats-search';
import { useCourseStatsTable } from '../hooks/use-course-stats-table';
import { courseStatsHref, hasFilters, PER_PAGE_OPTIONS, type CourseStatsSearch } from '../model/course-stats-search';
import { recordRecentCourse } from '../model/recent-courses';
import { columnHeaders, correctionMessage, idProblemMessage, texts } from '../strings';
import { CourseStatsFilterForm, type SubmittedFilters } from './course-stats-filter-form';
import { CourseStatsSummary } from './course-stats-summary';
import { CourseStatsTable } from './course-stats-table';
import './course-stats.css';

const NO_ROWS: CourseStat[] = [];

/** Route `/courses/:courseId/stats`. An invalid course id never reaches the API. */
export function CourseStatsPage() {
  const param = useCourseIdParam();
  if (!param.ok) return <InvalidCourse raw={param.raw} message={idProblemMessage('courseId', param.problem)} />;
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

/** The previous page stays on screen while the next one loads, but never rows of another course or filter. */
function keepPreviousPageOfSameList<T>(
  previous: T | undefined,
  previousQuery: { queryKey: readonly unknown[] } | undefined,
  params: CourseStatsListParams,
): T | undefined {
  if (!previousQuery) return undefined;
  const [, courseId, , listKey] = previousQuery.queryKey;
  const same =
    courseId === params.courseId &&
    typeof listKey === 'object' &&
    listKey !== null &&
    'userId' in listKey &&
    'courseSessionId' in listKey &&
    listKey.userId === params.userId &&
    listKey.courseSessionId === params.courseSessionId;
  return same ? previous : undefined;
}

function CourseStatsView({ courseId }: { courseId: number }) {
  const { search, corrections, update, setFilters } = useCourseStatsSearch();
  const goToCourse = useGoToCourse(search);
  const headingId = useId();

  const listParams: CourseStatsListParams = {
    courseId,
    userId: search.userId,
    courseSessionId: search.courseSessionId,
    page: search.page,
    perPage: search.perPage,
  };
  const query = useQuery({
    ...courseStatsQueries.list(listParams),
    placeholderData: (previous, previousQuery) => keepPreviousPageOfSameList(previous, previousQuery, listParams),
  });
  const data = query.isPlaceholderData ? undefined : query.data;
  // Whether a page is full counts what the API sent, not what survived parsing.
  const pageIsFull = data !== undefined && data.report.received >= search.perPage;
  // Loading the next page early both makes Next instant and tells whether there is a next page at all.
  const nextPage = useQuery({ ...courseStatsQueries.list({ ...listParams, page: search.page + 1 }), enabled: pageIsFull });
  const isLastPage =
    query.isError || (data !== undefined && (!pageIsFull || nextPage.data?.report.received === 0));

  const rows = query.data?.items ?? NO_ROWS;
  const table = useCourseStatsTable({ rows, search, update, isLastPage });
  const busy = query.isPlaceholderData;
  const courseName = data?.items[0]?.coursename ?? null;

  useEffect(() => {
    if (data !== undefined) recordRecentCourse({ id: courseId, name: courseName });
  }, [data, courseId, courseName]);

  const handleSubmit = (filters: SubmittedFilters) => {
    if (filters.courseId === courseId) setFilters({ userId: filters.userId, courseSessionId: filters.courseSessionId });
    else goToCourse(filters);
  };
  const clearFilters = () => setFilters({ userId: undefined, courseSessionId: undefined });

  const filtered = hasFilters(search);
  const wholeResults = search.page === 1 && isLastPage;
  const rateLimited =
    query.isFetching && isApiError(query.failureReason) && query.failureReason.detail.kind === 'rate_limited';
  const sortNote = search.sort
    ? texts.sortNote(columnHeaders[search.sort.id], search.sort.desc, wholeResults, rows.length)
    : null;
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

  let content: ReactNode;
  if (query.isPending) {
    content = (
      <>
        <p role="status">{texts.loading}</p>
        <CourseStatsTable table={table} label={texts.tableLabel(courseId)} loading />
      </>
    );
  } else if (query.isError) {
    content = (
      <>
        <ApiErrorAlert
          error={query.error}
          onRetry={() => void query.refetch()}
          notFoundMessage={texts.notFound(courseId)}
        />
        {search.page > 1 && pagination}
      </>
    );
  } else if (rows.length === 0) {
    const report = query.data.report;
    content = (
      <>
        <ParseReportNotice report={report} itemNoun="row" />
        <div className="course-stats-empty">
          {report.received > 0 ? (
            <p className="alert-title">{texts.allRejected(report.received)}</p>
          ) : search.page > 1 ? (
            <>
              <p className="alert-title">{texts.emptyPage(search.page)}</p>
              <p>{texts.emptyPageHint}</p>
              <button type="button" className="button" onClick={() => update({ page: 1 })}>
                {texts.firstPage}
              </button>
            </>
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
        {search.page > 1 && pagination}
      </>
    );
  } else {
    content = (
      <>
        <CourseStatsSummary rows={rows} page={search.page} wholeResults={wholeResults} />
        <ParseReportNotice report={query.data.report} itemNoun="row" />
        <div className="course-stats-toolbar">
          <p role="status">{texts.showingRows(rows.length, search.page)}</p>
          <DataTableColumnMenu table={table} label={texts.columnsMenu} />
        </div>
        {sortNote && <p className="muted course-stats-sort-note">{sortNote}</p>}
        <CourseStatsTable
          table={table}
          label={texts.tableLabel(courseId)}
          caption={sortNote ? `${texts.tableLabel(courseId)}. ${sortNote}` : undefined}
          busy={busy}
        />
        {pagination}
      </>
    );
  }

  return (
    <section className="course-stats" aria-labelledby={headingId}>
      <h1 id={headingId}>{texts.pageTitle(courseId)}</h1>
      {courseName && <p className="muted">{texts.courseName(courseName)}</p>}
      {corrections.length > 0 && (
        <div role="status" className="alert alert-info">
          <p className="alert-title">{texts.correctionsTitle}</p>
          <ul className="alert-list">
            {corrections.map((correction) => (
              <li key={correction.param}>{correctionMessage(correction)}</li>
            ))}
          </ul>
        </div>
      )}
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
      {rateLimited && (
        <p role="status" className="alert alert-info">
          {texts.rateLimitedWaiting}
        </p>
      )}
      {content}
    </section>
  );
}
