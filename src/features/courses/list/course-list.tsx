import type { ColumnDef, SortingState, Updater } from '@tanstack/react-table';
import { useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { isCutShort } from '@/lib/list-end';
import { SearchField } from '@/components/text-field';
import { useDataTable } from '@/components/data-table/use-data-table';
import { VirtualDataTable } from '@/components/data-table/virtual-data-table';
import { isApiError } from '@/lib/api-error';
import { formatDateTime, formatRelativeTime } from '@/lib/format';
import { useCatalog, useLocale } from '@/lib/i18n';
import { useMediaQuery } from '@/lib/use-media-query';
import { useCourseList } from '@/course/use-course-list';
import { indexCourse, searchCourses, sortCourses, type CourseSortKey, type IndexedCourse } from '../course-order';
import { COURSE_LIST_PARAMS, courseSortParam, parseCourseSort } from './course-list-url';
import { courseListCatalogs, type CourseListTexts, type ListUnavailable } from './strings';
import './course-list.css';

export interface CourseListProps {
  /** Where a course's statistics are (the app knows the route). */
  courseHref: (courseId: number) => string;
}

/** Rows this close to the end of those read ask for the next page. */
const READ_AHEAD_ROWS = 30;
const NARROW_QUERY = '(max-width: 600px)';
const ROW_HEIGHT = 44;
const URL_WRITE_DELAY_MS = 300;

/** What a failed first page means for the list, said in one line. */
export function unavailableReason(error: unknown): ListUnavailable {
  if (!isApiError(error)) return 'failed';
  switch (error.detail.kind) {
    case 'not_found':
    case 'bad_request':
      return 'not_listed';
    case 'unauthorized':
      return 'forbidden';
    case 'invalid_response':
      return 'unreadable';
    case 'network':
      return 'offline';
    case 'timeout':
    case 'server':
    case 'rate_limited':
      return 'failed';
  }
}

/**
 * The LMS's courses: a virtualised table (name, ID, last activity, owner) sorted by a column header and searched
 * by name or ID as the user types. Pages are read as the list is scrolled to the end of those read; a search reads
 * the rest first, and says so while it does. Where the LMS lists no courses, one line says so and nothing else
 * shows.
 */
export function CourseList({ courseHref }: CourseListProps) {
  const texts = useCatalog(courseListCatalogs);
  const { locale } = useLocale();
  const headingId = useId();
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const sort = parseCourseSort(params.get(COURSE_LIST_PARAMS.sort));
  const [query, setQuery] = useState(() => params.get(COURSE_LIST_PARAMS.query) ?? '');
  const deferredQuery = useDeferredValue(query);
  const searching = deferredQuery.trim() !== '';
  const [readAll, setReadAll] = useState(false);
  const list = useCourseList({ readAll: readAll || searching });
  const narrow = useMediaQuery(NARROW_QUERY);
  const [now] = useState(Date.now);

  const indexed = useMemo(() => list.courses.map(indexCourse), [list.courses]);
  const { key: sortKey, desc: sortDesc } = sort;
  const sorted = useMemo(
    () => sortCourses(indexed, { key: sortKey, desc: sortDesc }, locale),
    [indexed, sortKey, sortDesc, locale],
  );
  const shown = useMemo(() => searchCourses(sorted, deferredQuery), [sorted, deferredQuery]);

  const columns = useMemo(
    () => courseColumns({ texts, locale, now, courseHref, narrow }),
    [texts, locale, now, courseHref, narrow],
  );
  const sorting: SortingState = [{ id: sort.key, desc: sort.desc }];
  const table = useDataTable<IndexedCourse>({
    data: shown,
    columns,
    getRowId: (entry) => String(entry.course.id),
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting, columnVisibility: narrow ? { id: false, owner_name: false } : {} },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      const key = next?.id;
      const known = key === 'name' || key === 'id' || key === 'last_activity' ? key : null;
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          const value = known && next ? courseSortParam({ key: known, desc: next.desc }) : null;
          if (value === null) copy.delete(COURSE_LIST_PARAMS.sort);
          else copy.set(COURSE_LIST_PARAMS.sort, value);
          return copy;
        },
        { replace: true },
      );
    },
  });

  // The address follows the search once typing pauses: a navigation per keystroke renders the whole page again.
  // A link followed in the pause (a course found, the header's) has moved the address on while its page loads and
  // this one still shows: writing then would take the user back here, so the write is dropped.
  const written = params.get(COURSE_LIST_PARAMS.query) ?? '';
  const wanted = deferredQuery.trim() === '' ? '' : deferredQuery;
  useEffect(() => {
    if (written === wanted) return undefined;
    const addressWhenTyped = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname !== addressWhenTyped) return;
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (wanted === '') copy.delete(COURSE_LIST_PARAMS.query);
          else copy.set(COURSE_LIST_PARAMS.query, wanted);
          return copy;
        },
        { replace: true },
      );
    }, URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [written, wanted, setParams]);

  const { listError } = list;
  if (listError !== null && listError !== undefined) {
    const reason = unavailableReason(listError);
    return (
      <section className="course-list" aria-labelledby={headingId}>
        <h2 id={headingId}>{texts.listTitle}</h2>
        <p className="course-list-unavailable" role="status">
          {texts.unavailable(reason)}{' '}
          {(reason === 'offline' || reason === 'failed') && (
            <button type="button" className="button-link" onClick={list.retry}>
              {texts.retry}
            </button>
          )}
        </p>
      </section>
    );
  }

  const read = list.courses.length;
  const trimmed = deferredQuery.trim();
  let status: string;
  if (list.pending) status = texts.loading;
  else if (searching && !list.complete) status = texts.searchingAll(read, list.total);
  else if (readAll && !list.complete) status = texts.readingAll(read, list.total);
  else if (searching) status = texts.matches(shown.length, trimmed);
  else if (list.complete) status = texts.courseCount(read);
  else status = texts.partialCount(read, list.total);
  const searchingMatches =
    searching && !list.complete && shown.length > 0 ? texts.matchesSoFar(shown.length, trimmed) : null;

  return (
    <section className="course-list" aria-labelledby={headingId}>
      <div className="course-list-head split-row">
        <h2 id={headingId}>{texts.listTitle}</h2>
        <SearchField
          id={searchId}
          className="course-list-search"
          label={texts.searchLabel}
          describedBy={[`${searchId}-hint`]}
          value={query}
          onChange={setQuery}
        >
          <span id={`${searchId}-hint`} className="muted course-list-hint">
            {texts.searchHint}
          </span>
        </SearchField>
      </div>
      <p className="course-list-status" role="status" aria-busy={list.pending || (searching && !list.complete)}>
        {status}
        {searchingMatches && <> {searchingMatches}</>}
        {!list.complete && !list.pending && !searching && !readAll && (
          <>
            {' '}
            {texts.partialSort}{' '}
            <button type="button" className="button-link" onClick={() => setReadAll(true)}>
              {texts.readAll}
            </button>
          </>
        )}
      </p>
      <ParseReportNotice report={list.report} itemNoun="course" />
      {list.complete && isCutShort(list.end) && <p className="alert alert-warning">{texts.cutShort(list.end)}</p>}
      {list.moreError !== null && list.moreError !== undefined && (
        <p className="alert alert-warning" role="alert">
          {texts.moreFailed}{' '}
          <button type="button" className="button" onClick={list.retry}>
            {texts.retry}
          </button>
        </p>
      )}
      {!list.pending && shown.length > 0 && (
        <VirtualDataTable
          table={table}
          rows={shown}
          label={texts.tableLabel}
          rowHeight={ROW_HEIGHT}
          busy={list.readingMore}
          onRenderedEnd={(last) => {
            if (!searching && last >= shown.length - READ_AHEAD_ROWS) list.readMore();
          }}
        />
      )}
    </section>
  );
}

interface ColumnContext {
  texts: CourseListTexts;
  locale: string;
  now: number;
  courseHref: (courseId: number) => string;
  /** A phone: the name and last activity share the width (the other columns are hidden). */
  narrow: boolean;
}

function courseColumns({ texts, locale, now, courseHref, narrow }: ColumnContext): Array<ColumnDef<IndexedCourse>> {
  const column = (
    id: CourseSortKey | 'owner_name',
    width: number,
    renderCell: (entry: IndexedCourse) => ReactNode,
    more: Partial<ColumnDef<IndexedCourse>> = {},
  ): ColumnDef<IndexedCourse> => ({
    id,
    accessorFn: (entry) => entry.course[id],
    enableSorting: id !== 'owner_name',
    // Names and IDs start from A and 1; last activity from the most recent (set where it is made).
    sortDescFirst: false,
    ...more,
    meta: { label: texts.columns[id], width, renderCell: (row) => renderCell(row.original), ...more.meta },
  });
  return [
    column(
      'name',
      narrow ? 12 : 24,
      ({ course }) => (
        <Link to={courseHref(course.id)}>{course.name.trim() === '' ? texts.unnamed(course.id) : course.name}</Link>
      ),
      { meta: { isRowHeader: true, clip: true } },
    ),
    column('id', 6, ({ course }) => course.id, { meta: { align: 'end' } }),
    column(
      'last_activity',
      narrow ? 8 : 11,
      ({ course }) =>
        course.last_activity === null ? (
          <span className="muted">{texts.noActivity}</span>
        ) : (
          <time dateTime={course.last_activity} title={formatDateTime(course.last_activity, { locale })}>
            {formatRelativeTime(course.last_activity, now, locale)}
          </time>
        ),
      { sortDescFirst: true },
    ),
    column('owner_name', 14, ({ course }) => course.owner_name ?? '', { meta: { clip: true } }),
  ];
}
