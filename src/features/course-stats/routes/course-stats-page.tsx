import { Suspense, useId, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { Alert } from '@/components/alert';
import { idCatalogs } from '@/components/id-strings';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { useCatalog } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/use-after-paint';
import { parseIdInput } from '@/course/id-input';
import { lazyReady, loadChunkOnce } from '@/lib/load-chunk';
import { CorrectionsNotice, CourseFilters, OpenCourseForm } from '../filters/course-filter-form';
import { fieldCatalogs } from '../fields/strings';
import { filterCatalogs } from '../filters/strings';
import { useSessionList } from '../filters/session-choices';
import { useCourseStatsSearch } from '../params/use-course-stats-search';
import { courseStatsHref, type CourseStatsSearch } from '../params/course-stats-search';
import { useLearnerHref } from '../learner/learner-link';
import { PagedContent } from './paged-content';
import type { CourseResults } from '../results/results-body';
import { resultsCatalogs } from '../results/strings';
import { WholeCourseContent } from '../whole-course/whole-course-content';
import { CourseViewsTools } from '../views/course-views-tools';
import { useHiddenColumnsLink } from '../table/column-visibility';
import { useRecentCourse } from '@/course/recent-courses';
import { routeCatalogs } from './strings';
import { modeOf, useCourseRows } from './use-course-rows';
import './course-stats.css';

// A view most visits never open: its code loads when it is asked for.
const LearnerView = lazyReady(
  loadChunkOnce(() => import('../learner/learner-view')),
  (module) => module.LearnerView,
);

/** What the statistics page tells the course switcher the app puts in its header. */
export interface CourseSwitcherSlotProps {
  courseId: number;
  /** The course's name as its rows give it; null until they do, or when they carry none. */
  courseName: string | null;
  /** The address of another course's statistics, with the filters that still apply there (courseSwitchHref). */
  hrefFor: (courseId: number) => string;
}

/** The header's course switcher, given by the app (this feature does not know the course list); else the name shows. */
export type RenderCourseSwitcher = (props: CourseSwitcherSlotProps) => ReactNode;

/**
 * Another course, keeping what means the same there: the learner (User ID, learner view), the page size and the sort.
 * The session (one course's), the page, whole-course mode, the search and quick filters go: it opens at its first page.
 */
function courseSwitchHref(courseId: number, search: CourseStatsSearch): string {
  const { userId, view, perPage, sort } = search;
  return courseStatsHref(courseId, { userId, view, perPage, sort });
}

/** Route `/courses/:courseId/stats`. An invalid course id never reaches the API: the page says why, offers the form. */
export function CourseStatsPage({ renderCourseSwitcher }: { renderCourseSwitcher?: RenderCourseSwitcher }) {
  const texts = useCatalog(routeCatalogs);
  const filterTexts = useCatalog(filterCatalogs);
  const { idProblem } = useCatalog(idCatalogs);
  const { fieldLabels } = useCatalog(fieldCatalogs);
  const raw = useParams().courseId ?? '';
  const param = parseIdInput(raw, { required: true });
  if (param.ok && param.value !== null) {
    return <CourseStatsView key={param.value} courseId={param.value} renderCourseSwitcher={renderCourseSwitcher} />;
  }
  const problem = idProblem(fieldLabels.course_id, param.ok ? 'required' : param.problem);
  return (
    <section className="course-stats">
      <h1>{texts.indexTitle}</h1>
      <Alert tone="error" role="alert" title={filterTexts.invalidCourseTitle}>
        <p className="alert-detail">{filterTexts.invalidCourse(raw, problem)}</p>
      </Alert>
      <OpenCourseForm />
    </section>
  );
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
    const pageOnScreen = listData && <PagedContent results={results} query={listQuery} nextPageEmpty={false} kept />;
    content = <WholeCourseContent results={results} whole={whole} pageOnScreen={pageOnScreen} />;
  } else {
    content = <PagedContent results={results} query={listQuery} nextPageEmpty={nextPageEmpty} />;
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
