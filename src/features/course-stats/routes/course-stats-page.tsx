import { matchQuery, useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, type ReactNode } from 'react';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { isApiError } from '@/lib/api-error';
import { useCatalog } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/use-after-paint';
import { lazyReady } from '@/lib/lazy-ready';
import { loadChunkOnce } from '@/lib/load-chunk';
import { courseStatsQueries } from '../api/course-stats-queries';
import { CorrectionsNotice, CourseFilters } from '../filters/course-filters';
import { filterCatalogs } from '../filters/strings';
import { useSessionList } from '../filters/use-session-list';
import { useCourseIdParam } from '../params/use-course-id-param';
import { useCourseStatsSearch } from '../params/use-course-stats-search';
import { courseStatsParams, hasFilters } from '../params/course-stats-search';
import { useLearnerHref } from '../learner/learner-link';
import { PagedContent } from './paged-content';
import type { CourseResults } from '../results/results-body';
import { resultsCatalogs } from '../results/strings';
import { useWholeCourse } from '../whole-course/use-whole-course';
import { WholeCourseContent } from '../whole-course/whole-course-content';
import { CourseViewsTools } from '../views/course-views-tools';
import { useHiddenColumnsLink } from '../views/use-hidden-columns-link';
import { courseSwitchHref, type RenderCourseSwitcher } from './course-switcher-slot';
import { InvalidCourse } from './invalid-course';
import { recordRecentCourse } from './recent-courses';
import { routeCatalogs } from './strings';
import './course-stats.css';

// A view most visits never open: its code loads when it is asked for.
const LearnerView = lazyReady(
  loadChunkOnce(() => import('../learner/learner-view')),
  (module) => module.LearnerView,
);

export interface CourseStatsPageProps {
  /** What the app puts in place of the course's name in the header: a course switcher. */
  renderCourseSwitcher?: RenderCourseSwitcher;
}

/** Route `/courses/:courseId/stats`. An invalid course id never reaches the API. */
export function CourseStatsPage({ renderCourseSwitcher }: CourseStatsPageProps) {
  const filterTexts = useCatalog(filterCatalogs);
  const param = useCourseIdParam();
  if (!param.ok) return <InvalidCourse raw={param.raw} message={filterTexts.idProblem('courseId', param.problem)} />;
  return <CourseStatsView key={param.courseId} courseId={param.courseId} renderCourseSwitcher={renderCourseSwitcher} />;
}

type Mode = 'paged' | 'whole' | 'learner';

/** One course: the filters over it, then its rows page by page, all at once, or one learner's. */
function CourseStatsView({
  courseId,
  renderCourseSwitcher,
}: {
  courseId: number;
  renderCourseSwitcher: RenderCourseSwitcher | undefined;
}) {
  const texts = useCatalog(routeCatalogs);
  const resultsTexts = useCatalog(resultsCatalogs);
  const searchState = useCourseStatsSearch();
  const { search, corrections, update, setFilters } = searchState;
  useHiddenColumnsLink();
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
  // Loading the next page early both makes Next instant and tells whether there is a next page at all. It waits
  // until the page's first rows are painted: on a slow network it would share the line with what they need.
  const afterFirstRows = useAfterPaint(pageIsFull);
  const nextPageQuery = useQuery({
    ...courseStatsQueries.list({ ...listParams, page: search.page + 1 }),
    enabled: pageIsFull && afterFirstRows,
  });
  const whole = useWholeCourse(listParams, mode === 'whole');

  const shownData = mode === 'whole' ? whole.query.data : listData;
  // Asked for once the first rows are on screen: the filter can wait for them, the rows should not wait for it.
  const rowsShown = useAfterPaint(shownData !== undefined);
  const sessionList = useSessionList(courseId, mode !== 'learner' && rowsShown);
  const courseName = shownData?.items[0]?.coursename ?? null;
  const loaded = shownData !== undefined;
  useEffect(() => {
    if (loaded) recordRecentCourse({ id: courseId, name: courseName });
  }, [loaded, courseId, courseName]);

  const clearFilters = () => setFilters({ userId: undefined, courseSessionId: undefined });
  const rateLimited =
    mode === 'paged' &&
    listQuery.isFetching &&
    isApiError(listQuery.failureReason) &&
    listQuery.failureReason.detail.kind === 'rate_limited';
  const learnerHref = useLearnerHref(courseId);
  const loadAll = () => {
    update({ all: true, page: 1 });
    whole.load();
  };
  const results: CourseResults = {
    courseId,
    searchState,
    filtered: hasFilters(search),
    clearFilters,
    learnerHref,
    loadAll,
  };

  let content: ReactNode;
  if (mode === 'learner' && search.userId !== undefined) {
    content = (
      <Suspense fallback={<p role="status">{resultsTexts.loading}</p>}>
        <LearnerView courseId={courseId} userId={search.userId} />
      </Suspense>
    );
  } else if (mode === 'whole') {
    // The page that was on screen, kept (dimmed, out of reach) until the whole course's first rows replace it.
    const pageOnScreen = listData && (
      <PagedContent results={results} query={listQuery} nextPageEmpty={false} onLoadAll={loadAll} kept />
    );
    content = <WholeCourseContent results={results} whole={whole} pageOnScreen={pageOnScreen} />;
  } else {
    const nextPageEmpty = nextPageQuery.data?.report.received === 0;
    content = <PagedContent results={results} query={listQuery} nextPageEmpty={nextPageEmpty} onLoadAll={loadAll} />;
  }

  return (
    <section className={`course-stats is-${mode}`} aria-labelledby={headingId}>
      <div className="course-stats-title">
        <h1 id={headingId}>{texts.pageTitle(courseId)}</h1>
        {mode !== 'learner' && <CourseViewsTools courseId={courseId} search={search} courseName={courseName} />}
        {renderCourseSwitcher
          ? renderCourseSwitcher({ courseId, courseName, hrefFor: (id) => courseSwitchHref(id, search) })
          : courseName && mode !== 'learner' && <p className="muted">{resultsTexts.courseName(courseName)}</p>}
      </div>
      <CorrectionsNotice corrections={corrections} />
      {mode !== 'learner' && (
        <CourseFilters
          sessions={sessionList.sessions}
          search={search}
          onSubmit={setFilters}
          clearFilters={clearFilters}
        />
      )}
      {mode !== 'learner' && sessionList.report && <ParseReportNotice report={sessionList.report} itemNoun="session" />}
      {rateLimited && (
        <p role="status" className="alert alert-info">
          {resultsTexts.rateLimitedWaiting}
        </p>
      )}
      {content}
    </section>
  );
}
