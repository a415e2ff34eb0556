import { courseStatKeys, type CourseStat } from '@contract';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { safeHttpUrl } from '@/lib/url-safety';
import { useCatalog } from '@/lib/i18n';
import { useNow } from '../hooks/use-now';
import { courseStatStatus, isOverdue } from '../model/course-stat-status';
import { courseStatsCatalogs, localizedDuration, type CourseStatsTexts } from '../strings';
import { DASH } from './course-stats-cells';

function shownValue(texts: CourseStatsTexts, key: keyof CourseStat, stat: CourseStat, now: number): ReactNode {
  switch (key) {
    case 'completed':
    case 'success':
      return stat[key] ? texts.yes : texts.no;
    case 'deadline':
      return stat.deadline === null ? texts.noDeadline : texts.dateTime(stat.deadline);
    case 'last_activity':
      return stat.last_activity === null
        ? texts.never
        : `${texts.dateTime(stat.last_activity)} (${texts.relativeTime(stat.last_activity, now)})`;
    case 'time_spent':
      return localizedDuration(stat.time_spent, texts.durationUnits);
    case 'score_percent':
    case 'progress_percent':
    case 'progress':
      return texts.percent(stat[key]);
    case 'quiz_count':
    case 'score':
    case 'completed_tasks':
      return texts.decimal(stat[key]);
    case 'cert_file': {
      const href = safeHttpUrl(stat.cert_file);
      return href === null ? (
        DASH
      ) : (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {texts.certificate}
        </a>
      );
    }
    case 'id':
    case 'user_id':
    case 'course_id':
    case 'course_session_id':
      return String(stat[key]);
    case 'username':
    case 'user_email':
    case 'coursename':
    case 'course_session_name':
      return stat[key];
  }
}

function rawValue(value: unknown): string {
  return JSON.stringify(value) ?? 'undefined';
}

export interface CourseStatDetailsDialogProps {
  /** The rows in the order the table shows them, so Previous and Next walk the table. */
  rows: readonly CourseStat[];
  index: number;
  onIndexChange: (index: number) => void;
  /** Called once the dialog has closed (Close, Escape). */
  onClose: () => void;
  /** Where every session of the row's learner is listed; no link without it. */
  learnerHref?: ((stat: CourseStat) => string) | undefined;
}

/**
 * Every field of one row, shown and raw. A native modal <dialog>: the browser traps focus and closes it on
 * Escape; the caller puts focus back on the row's opener.
 */
export function CourseStatDetailsDialog({
  rows,
  index,
  onIndexChange,
  onClose,
  learnerHref,
}: CourseStatDetailsDialogProps) {
  const texts = useCatalog(courseStatsCatalogs);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const now = useNow();
  const stat = rows[index];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    // Where showModal is missing (old browsers, test DOMs) the dialog still opens, without the modal trap.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }, []);

  const close = () => {
    const dialog = dialogRef.current;
    if (dialog && dialog.open && typeof dialog.close === 'function') dialog.close();
    else onClose();
  };

  if (!stat) return null;
  const first = index === 0;
  const last = index === rows.length - 1;
  const status = courseStatStatus(stat);
  return (
    <dialog ref={dialogRef} className="details-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="details-header">
        <h2 id={titleId}>{texts.detailsTitle(stat.username)}</h2>
        <button type="button" className="button" onClick={close}>
          {texts.detailsClose}
        </button>
      </div>
      <div className="details-meta">
        <p className="muted">{texts.detailsPosition(index, rows.length)}</p>
        {learnerHref && (
          <p>
            <Link to={learnerHref(stat)}>{texts.allSessions}</Link>
          </p>
        )}
      </div>
      <div className="details-body">
        <table className="details-table">
          <thead>
            <tr>
              <th scope="col">{texts.detailsField}</th>
              <th scope="col">{texts.detailsValue}</th>
              <th scope="col">{texts.detailsRaw}</th>
            </tr>
          </thead>
          <tbody>
            {courseStatKeys.map((key) => (
              <tr key={key}>
                <th scope="row">{texts.fieldLabels[key]}</th>
                <td>{shownValue(texts, key, stat, now)}</td>
                <td>
                  <code>
                    {key}: {rawValue(stat[key])}
                  </code>
                </td>
              </tr>
            ))}
            <tr>
              <th scope="row">{texts.columnHeaders.status}</th>
              <td>{texts.statusLabels[status]}</td>
              <td className="muted">{texts.detailsDerived}</td>
            </tr>
            <tr>
              <th scope="row">{texts.overdue}</th>
              <td>{isOverdue(stat, now) ? texts.yes : texts.no}</td>
              <td className="muted">{texts.detailsDerived}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className="details-footer">
        <button
          type="button"
          className="button"
          aria-disabled={first || undefined}
          onClick={() => {
            if (!first) onIndexChange(index - 1);
          }}
        >
          {texts.detailsPrevious}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={last || undefined}
          onClick={() => {
            if (!last) onIndexChange(index + 1);
          }}
        >
          {texts.detailsNext}
        </button>
      </div>
    </dialog>
  );
}
