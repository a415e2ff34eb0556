import { useId } from 'react';
import { Alert } from '@/components/alert';
import type { DeviceResult } from '@/lib/device-store';
import { dateTimeFormat } from '@/lib/format';
import { useCatalog, useLocale } from '@/lib/i18n';
import { groupByCourse, type CourseSnapshots } from './device-inventory';
import type { RecentCourse } from '@/course/recent-courses';
import type { StoredSnapshot } from './device-memory';
import { deviceCatalogs } from './strings';

export type SnapshotListState = { status: 'reading' } | DeviceResult<StoredSnapshot[]>;

export interface SnapshotListProps {
  list: SnapshotListState;
  recentCourses: readonly RecentCourse[];
  onDelete: (summary: StoredSnapshot, takenAt: string) => void;
  onDeleteAll: () => void;
}

/** The course snapshots kept here, by course, each with its moment, size and row count, and a way to delete it. */
export function SnapshotList({ list, recentCourses, onDelete, onDeleteAll }: SnapshotListProps) {
  const texts = useCatalog(deviceCatalogs);

  if (list.status === 'reading') {
    return (
      <p className="muted" aria-busy="true">
        {texts.readingSnapshots}
      </p>
    );
  }
  if (list.status === 'unavailable') {
    return <Alert tone="warning" role="group" title={texts.unavailableTitle} text={texts.unavailable(list.reason)} />;
  }
  if (list.value.length === 0) return <p className="muted">{texts.snapshotsEmpty}</p>;

  const groups = groupByCourse(list.value, recentCourses, window.location.origin);
  return (
    <>
      {groups.map((group) => (
        <CourseSnapshotsGroup key={group.key} group={group} onDelete={onDelete} />
      ))}
      <button type="button" className="button" onClick={onDeleteAll}>
        {texts.deleteAll}
      </button>
    </>
  );
}

function CourseSnapshotsGroup({ group, onDelete }: Pick<SnapshotListProps, 'onDelete'> & { group: CourseSnapshots }) {
  const { locale } = useLocale();
  const texts = deviceCatalogs[locale];
  // In the user's time zone: the moment as the user's clock read it.
  const takenAtFormat = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const headingId = useId();
  return (
    <section className="device-course" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {texts.course(group.courseId, group.name)}
        {group.otherOrigin && <span className="muted"> {texts.fromOrigin(group.otherOrigin)}</span>}
      </h3>
      <ul className="device-snapshots">
        {group.snapshots.map((summary) => {
          const takenAt = takenAtFormat.format(summary.takenAt);
          return (
            <li key={summary.id} className="split-row">
              <span className="device-snapshot-facts">
                <time dateTime={new Date(summary.takenAt).toISOString()}>{takenAt}</time>
                {summary.scope.sessionId !== null && <span>{texts.sessionOnly(summary.scope.sessionId)}</span>}
                <span>{texts.rows(summary.rowCount)}</span>
                <span>{texts.size(summary.bytes)}</span>
              </span>
              <button
                type="button"
                className="button"
                aria-label={texts.deleteSnapshotName(group.courseId, takenAt)}
                onClick={() => onDelete(summary, takenAt)}
              >
                {texts.deleteSnapshot}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
