import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { CopyButton } from '@/components/copy-button';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { ProgressBar } from '@/components/progress-bar';
import { useCatalog } from '@/lib/i18n';
import { useNow } from '../fields/use-now';
import { useWholeCourse } from '../whole-course/use-whole-course';
import { courseStatsHref } from '../params/course-stats-search';
import { effectiveProgress } from '../fields/course-stat-status';
import { learnerOverview } from './learner-summary';
import { learnerCatalogs } from './strings';
import { fieldCatalogs } from '../fields/strings';
import { resultsCatalogs } from '../results/strings';
import { DeadlineCell, RelativeTime, StatusCell } from '../table/cells';
import { WholeCourseLoadBar } from '../whole-course/whole-course-bar';

export interface LearnerViewProps {
  courseId: number;
  userId: number;
  /** The course's statistics, for the way back. */
  backHref: string;
}

/**
 * Every session of one learner in a course, with why each is not passed, and a plain-text summary to paste
 * into a support ticket. Its address is its own (`?user_id=N&view=learner`), so the summary links back to it.
 */
export function LearnerView({ courseId, userId, backHref }: LearnerViewProps) {
  const texts = useCatalog(learnerCatalogs);
  const words = useCatalog(fieldCatalogs);
  const resultsTexts = useCatalog(resultsCatalogs);
  const whole = useWholeCourse({ courseId, userId, courseSessionId: undefined }, true);
  const { query } = whole;
  const now = useNow();
  const headingId = useId();
  const rows = query.data?.items;
  const overview = useMemo(() => learnerOverview(userId, rows ?? [], now), [userId, rows, now]);
  const name = overview.username ?? texts.learnerUnknown(userId);
  const complete = query.data?.complete ?? false;

  const summaryLink = () => new URL(courseStatsHref(courseId, { userId, view: 'learner' }), window.location.href).href;

  return (
    <section className="learner-view" aria-labelledby={headingId}>
      <p>
        <Link to={backHref}>{texts.learnerBack}</Link>
      </p>
      <h2 id={headingId}>{texts.learnerTitle(name)}</h2>
      <p className="muted">
        {texts.learnerIds(userId, overview.email)}
        {overview.courseName && ` · ${resultsTexts.courseName(overview.courseName)}`}
      </p>
      {!complete && <WholeCourseLoadBar whole={whole} />}
      {query.isError && (
        <ApiErrorAlert error={query.error} onRetry={whole.load} notFoundMessage={resultsTexts.notFound(courseId)} />
      )}
      {query.data && <ParseReportNotice report={query.data.report} itemNoun="row" />}
      {complete && overview.sessions.length === 0 && (
        <div className="course-stats-empty">
          <p className="alert-title">{texts.learnerEmpty(userId)}</p>
        </div>
      )}
      {overview.sessions.length > 0 && (
        <>
          <div className="course-stats-toolbar">
            <p role="status">{texts.learnerCount(overview.sessions.length, overview.passed)}</p>
            <CopyButton
              label={texts.copySummary}
              getText={() => texts.learnerSummary(overview, courseId, summaryLink())}
              copiedMessage={() => texts.summaryCopied}
              failedMessage={texts.copyFailed}
              fallbackLabel={texts.copyFallbackLabel}
            />
          </div>
          <div className="data-table-scroll" role="region" aria-label={texts.learnerTableLabel(name)} tabIndex={0}>
            <table className="data-table">
              <caption className="visually-hidden">{texts.learnerTableLabel(name)}</caption>
              <thead>
                <tr>
                  <th scope="col">{words.columnHeaders.course_session_name}</th>
                  <th scope="col">{words.columnHeaders.status}</th>
                  <th scope="col">{texts.learnerWhy}</th>
                  <th scope="col">{words.columnHeaders.progress}</th>
                  <th scope="col" className="align-end">
                    {words.columnHeaders.score}
                  </th>
                  <th scope="col">{words.columnHeaders.deadline}</th>
                  <th scope="col">{words.columnHeaders.last_activity}</th>
                </tr>
              </thead>
              <tbody>
                {overview.sessions.map(({ row, reason }) => (
                  <tr key={row.id}>
                    <th scope="row">{row.course_session_name}</th>
                    <td>
                      <StatusCell stat={row} />
                    </td>
                    <td className="learner-reason">{texts.reason(reason)}</td>
                    <td>
                      <ProgressBar
                        locale={words.locale}
                        value={effectiveProgress(row)}
                        label={words.progressOf(row.course_session_name)}
                      />
                    </td>
                    <td className="align-end">{words.decimal(row.score)}</td>
                    <td>
                      <DeadlineCell stat={row} />
                    </td>
                    <td>
                      <RelativeTime iso={row.last_activity} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
