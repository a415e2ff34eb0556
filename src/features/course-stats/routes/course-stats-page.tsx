import { Suspense, useId, type ReactNode } from 'react';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { useCatalog } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/use-after-paint';
import { lazyReady } from '@/lib/lazy-ready';
import { loadChunkOnce } from '@/lib/load-chunk';
import { CorrectionsNotice, CourseFilters } from '../filters/course-filters';
import { filterCatalogs } from '../filters/strings';
import { useSessionList } from '../filters/use-session-list';
import { useCourseIdParam } from '../params/use-course-id-param';
import { useCourseStatsSearch } from '../params/use-course-stats-search';
import { hasFilters } from '../params/course-stats-search';
import { useLearnerHref } from '../learner/learner-link';
import { PagedContent } from './paged-content';
import type { CourseResults } from '../results/results-body';
import { resultsCatalogs } from '../results/strings';
import { WholeCourseContent } from '../whole-course/whole-course-content';
import { CourseViewsTools } from '../views/course-views-tools';
import { useHiddenColumnsLink } from '../views/use-hidden-columns-link';
import { courseSwitchHref, type RenderCourseSwitcher } from './course-switcher-slot';
import { InvalidCourse } from './invalid-course';
import { useRecentCourse } from '@/course/recent-courses';
import { routeCatalogs } from './strings';
import { modeOf, useCourseRows } from './use-course-rows';
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
  const mode = modeOf(search);
  const { listQuery, listData, nextPageEmpty, whole, shownData, rateLimited } = useCourseRows(courseId, search, mode);
  // Asked for once the first rows are on screen: the filter can wait for them, the rows should not wait for it.
  const rowsShown = useAfterPaint(shownData !== undefined);
  const sessionList = useSessionList(courseId, mode !== 'learner' && rowsShown);
  const courseName = shownData?.items[0]?.coursename ?? null;
  useRecentCourse(courseId, courseName, shownData !== undefined);

  const clearFilters = () => setFilters({ userId: undefined, courseSessionId: undefined });
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
