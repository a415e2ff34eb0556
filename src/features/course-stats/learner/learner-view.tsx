import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { CopyButton } from '@/components/copy-button';
import { Fact } from '@/components/fact';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { ProgressBar } from '@/components/progress-bar';
import { useCatalog } from '@/lib/i18n';
import { useNow } from '../fields/use-now';
import { useWholeCourse } from '../whole-course/use-whole-course';
import { courseStatsHref } from '../params/course-stats-search';
import { learnerOverview, type LearnerSession } from './learner-summary';
import { useBackToAllHref } from './learner-link';
import { learnerCatalogs } from './strings';
import { fieldCatalogs } from '../fields/strings';
import { resultsCatalogs } from '../results/strings';
import { CertificateCell, DeadlineCell, RelativeTime, StatusCell } from '../table/cells';
import { triageCatalogs } from '../triage/strings';
import { WholeCourseLoadBar } from '../whole-course/whole-course-bar';
import './learner-view.css';
import { pathTo } from '@/lib/routes';

/** One session as a card: what support staff are asked about, the certificate included. */
function SessionCard({ session }: { session: LearnerSession }) {
  const texts = useCatalog(learnerCatalogs);
  const words = useCatalog(fieldCatalogs);
  const { row, reason, progress } = session;
  return (
    <li className="tile learner-session">
      <div className="learner-session-head">
        <h3>{row.course_session_name}</h3>
        <StatusCell stat={row} />
      </div>
      <p className="muted learner-session-id">{texts.sessionId(row.course_session_id)}</p>
      <ProgressBar locale={words.locale} value={progress} label={words.progressOf(row.course_session_name)} />
      <dl className="learner-session-facts">
        <Fact term={words.columnHeaders.score}>{words.decimal(row.score)}</Fact>
        <Fact term={words.columnHeaders.deadline}>
          <DeadlineCell stat={row} />
        </Fact>
        <Fact term={words.columnHeaders.last_activity}>
          <RelativeTime iso={row.last_activity} />
        </Fact>
        <Fact term={words.columnHeaders.cert_file}>
          <CertificateCell stat={row} />
        </Fact>
      </dl>
      {reason && (
        <p className="learner-reason">
          <strong>{texts.learnerWhy}:</strong> {texts.reason(reason)}
        </p>
      )}
    </li>
  );
}

/**
 * Every session of one learner in a course, why each is not passed, and a plain-text summary for a support ticket.
 * Its address is its own (`?user_id=N&view=learner`), which the summary links; "Back" returns to the view it came from.
 */
export function LearnerView({ courseId, userId }: { courseId: number; userId: number }) {
  const texts = useCatalog(learnerCatalogs);
  const resultsTexts = useCatalog(resultsCatalogs);
  const triageTexts = useCatalog(triageCatalogs);
  const backHref = useBackToAllHref(courseId);
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
      <p className="learner-view-links">
        <Link to={backHref}>{texts.learnerBack}</Link>
        {/* The courses feature's learner search, by its address: this feature does not import that one. */}
        <Link to={pathTo('courses', {}, `learner=${userId}`)}>{texts.inOtherCourses}</Link>
      </p>
      {/* A name or email too long for a phone's line ends in an ellipsis: the tip holds the whole of it. */}
      <h2 id={headingId} title={name}>
        {texts.learnerTitle(name)}
      </h2>
      <p className="muted" title={overview.email ?? undefined}>
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
              failedMessage={triageTexts.copyFailed}
              fallbackLabel={triageTexts.copyFallbackLabel}
            />
          </div>
          <ul className="learner-sessions" aria-label={texts.learnerListLabel(name)}>
            {overview.sessions.map((session) => (
              <SessionCard key={session.row.id} session={session} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
