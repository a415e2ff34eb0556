import type { ParseReport } from '@contract';
import { Link } from 'react-router';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { useCatalog } from '@/lib/i18n';
import { filterCatalogs } from '../filters/strings';
import { hasFilters } from '../params/course-stats-search';
import type { CourseResults } from './results-body';
import { resultsCatalogs } from './strings';
import { pathTo } from '@/lib/routes';

export const EMPTY_REPORT: ParseReport = { received: 0, accepted: 0, rejected: [], dropped: [] };

/** What a course with no rows says, and the next step: clear the filters, or check the course and try another. */
export function EmptyResults({ report, results }: { report: ParseReport; results: CourseResults }) {
  const texts = useCatalog(resultsCatalogs);
  const filterTexts = useCatalog(filterCatalogs);
  return (
    <>
      <ParseReportNotice report={report} itemNoun="row" />
      <div className="course-stats-empty">
        {report.received > 0 ? (
          <p className="alert-title">{texts.allRejected(report.received)}</p>
        ) : hasFilters(results.searchState.search) ? (
          <>
            <p className="alert-title">{texts.emptyFilters}</p>
            <button type="button" className="button" onClick={results.clearFilters}>
              {filterTexts.clearFilters}
            </button>
          </>
        ) : (
          <>
            <p className="alert-title">{texts.emptyCourse}</p>
            <p>{texts.emptyCourseHint}</p>
            <p>
              <Link to={pathTo('courses')}>{texts.recentCourses}</Link>
            </p>
          </>
        )}
      </div>
    </>
  );
}
