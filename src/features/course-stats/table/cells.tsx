import type { CourseStat } from '@contract';
import { createContext, use, useId } from 'react';
import { CourseStatusBadge, StatusBadge } from '@/components/status-badge';
import { formatDate, NO_VALUE, parseTimestamp } from '@/lib/format';
import { safeHttpUrl } from '@/lib/url-safety';
import { useCatalog } from '@/lib/i18n';
import { courseStatStatus, isOverdue } from '@/course/course-stat-status';
import { fieldCatalogs } from '../fields/strings';
import { useNow } from '../fields/use-now';

/** Opens the details panel for a table row; the opener gets focus back when the panel closes. */
export const RowDetailsContext = createContext<((rowId: string, opener: HTMLElement) => void) | null>(null);

export function StatusCell({ stat }: { stat: CourseStat }) {
  const texts = useCatalog(fieldCatalogs);
  const status = courseStatStatus(stat);
  return <CourseStatusBadge status={status} label={texts.statusLabels[status]} />;
}

/**
 * The user's name (text, never markup) opens the row's details. In the table the email follows on a second line: the
 * Email column, off by default, costs a laptop's width; the table's CSS hides this line while that column is shown.
 */
export function UserCell({ rowId, stat, withEmail = false }: { rowId: string; stat: CourseStat; withEmail?: boolean }) {
  const openDetails = use(RowDetailsContext);
  return (
    <>
      {openDetails ? (
        <button
          type="button"
          className="button-link"
          aria-haspopup="dialog"
          data-row-opener={rowId}
          onClick={(event) => openDetails(rowId, event.currentTarget)}
        >
          {stat.username}
        </button>
      ) : (
        stat.username
      )}
      {withEmail && stat.user_email !== '' && <span className="user-cell-email">{stat.user_email}</span>}
    </>
  );
}

export function DeadlineCell({ stat }: { stat: CourseStat }) {
  const texts = useCatalog(fieldCatalogs);
  const now = useNow();
  if (stat.deadline === null) return <span className="muted">{texts.noDeadline}</span>;
  if (parseTimestamp(stat.deadline) === null) return <>{NO_VALUE}</>;
  // No wrapping element: the whole-course table makes one per row in view. The date keeps the column narrow; the time
  // is in its tip and the details.
  return (
    <>
      <time dateTime={stat.deadline} title={texts.dateTime(stat.deadline)}>
        {formatDate(stat.deadline, { locale: texts.locale })}
      </time>
      {isOverdue(stat, now) && (
        <>
          {' '}
          <StatusBadge tone="danger">{texts.overdue}</StatusBadge>
        </>
      )}
    </>
  );
}

/** "3 days ago", with the exact time in a tip that shows on hover and on keyboard focus. */
export function RelativeTime({ iso }: { iso: string | null }) {
  const texts = useCatalog(fieldCatalogs);
  const now = useNow();
  const tipId = useId();
  if (iso === null || parseTimestamp(iso) === null) return <span className="muted">{texts.never}</span>;
  return (
    <span className="relative-time" tabIndex={0} aria-describedby={tipId}>
      <time dateTime={iso}>{texts.relativeTime(iso, now)}</time>
      <span role="tooltip" id={tipId} className="relative-time-tip">
        {texts.dateTime(iso)}
      </span>
    </span>
  );
}

/** A link only for an absolute http(s) URL; anything else (javascript:, data:, relative, padded) is a dash. */
export function CertificateCell({ stat }: { stat: CourseStat }) {
  const texts = useCatalog(fieldCatalogs);
  const href = safeHttpUrl(stat.cert_file);
  if (href === null) return <>{NO_VALUE}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {texts.certificate}
    </a>
  );
}
