import { memo, useState } from 'react';
import { Link } from 'react-router';
import type { CourseStat } from '@contract';
import { Fact } from '@/components/fact';
import { ProgressBar } from '@/components/progress-bar';
import { CourseStatusBadge, StatusBadge } from '@/components/status-badge';
import { courseStatStatus, effectiveProgress, isOverdue } from '@/course/course-stat-status';
import { formatDateTime, formatRelativeTime, parseTimestamp } from '@/lib/format';
import { useCatalog } from '@/lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { safeHttpUrl } from '@/lib/url-safety';
import type { FoundSession } from './learner-search-run';
import { learnerSearchCatalogs, type LearnerSearchTexts } from './strings';
import { pathTo } from '@/lib/routes';

interface CellProps {
  row: CourseStat;
  texts: LearnerSearchTexts;
  now: number;
}

function Status({ row, texts }: CellProps) {
  const status = courseStatStatus(row);
  return <CourseStatusBadge status={status} label={texts.statusLabels[status]} />;
}

function Deadline({ row, texts, now }: CellProps) {
  if (row.deadline === null) return <span className="muted">{texts.noDeadline}</span>;
  if (parseTimestamp(row.deadline) === null) return <>—</>;
  return (
    <>
      <time dateTime={row.deadline}>{formatDateTime(row.deadline, { locale: texts.locale })}</time>
      {isOverdue(row, now) && (
        <>
          {' '}
          <StatusBadge tone="danger">{texts.overdue}</StatusBadge>
        </>
      )}
    </>
  );
}

function LastActivity({ row, texts, now }: CellProps) {
  if (parseTimestamp(row.last_activity) === null) return <span className="muted">{texts.never}</span>;
  return (
    <time dateTime={row.last_activity ?? undefined} title={formatDateTime(row.last_activity, { locale: texts.locale })}>
      {formatRelativeTime(row.last_activity, now, texts.locale)}
    </time>
  );
}

/** A link only for an absolute http(s) URL; anything else is "None". */
function Certificate({ row, texts }: CellProps) {
  const href = safeHttpUrl(row.cert_file);
  if (href === null) return <span className="muted">{texts.noCertificate}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {texts.certificateLink}
    </a>
  );
}

/** What the card lists under the progress, and the table's last columns. */
const FACTS = [
  ['deadline', Deadline],
  ['lastActivity', LastActivity],
  ['certificate', Certificate],
] as const;

function CourseLink({ session }: { session: FoundSession }) {
  // The course-stats screen's learner view, by its address. Names are data: React renders them as text.
  const to = pathTo('courseStats', { courseId: session.course.id }, `user_id=${session.row.user_id}&view=learner`);
  return <Link to={to}>{session.course.name}</Link>;
}

function Progress({ session, texts }: { session: FoundSession; texts: LearnerSearchTexts }) {
  return (
    <ProgressBar
      locale={texts.locale}
      value={effectiveProgress(session.row)}
      label={texts.progressOf(session.course.name, session.row.course_session_name)}
    />
  );
}

export interface LearnerResultsProps {
  sessions: readonly FoundSession[];
  partial: boolean;
}

/** A row (a card on a phone) per session, as found; memoised: the status line changes per course, sessions rarely. */
export const LearnerResults = memo(function LearnerResults({ sessions, partial }: LearnerResultsProps) {
  const texts = useCatalog(learnerSearchCatalogs);
  const phone = useMediaQuery(PHONE_QUERY);
  // The time the rows are judged by (overdue, "3 days ago"): when they were found, not every render.
  const [now] = useState(() => Date.now());
  const { columns } = texts;
  const caption = texts.sessionsCaption(partial);

  if (phone) {
    return (
      <ul className="learner-search-cards" aria-label={caption}>
        {sessions.map((session) => {
          const props = { row: session.row, texts, now };
          return (
            <li key={`${session.course.id}-${session.row.id}`} className="tile learner-search-card">
              <p className="learner-search-card-course">
                <CourseLink session={session} />
              </p>
              <p className="learner-search-card-session">
                {session.row.course_session_name} <Status {...props} />
              </p>
              <Progress session={session} texts={texts} />
              <dl className="learner-search-card-facts">
                {FACTS.map(([key, Cell]) => (
                  <Fact key={key} term={columns[key]}>
                    <Cell {...props} />
                  </Fact>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="learner-search-table-wrap">
      <table className="learner-search-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {[...(['course', 'session', 'status', 'progress'] as const), ...FACTS.map(([key]) => key)].map((key) => (
              <th key={key} scope="col">
                {columns[key]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const props = { row: session.row, texts, now };
            return (
              <tr key={`${session.course.id}-${session.row.id}`}>
                <th scope="row">
                  <CourseLink session={session} />
                </th>
                <td>{session.row.course_session_name}</td>
                <td>
                  <Status {...props} />
                </td>
                <td>
                  <Progress session={session} texts={texts} />
                </td>
                {FACTS.map(([key, Cell]) => (
                  <td key={key}>
                    <Cell {...props} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
});
