import type { HealthEta, HealthProgress } from '@/course/health-queue';
import { aboutMinutes } from '@/course/health-queue';
import type { CourseListState } from '@/course/use-course-list';
import type { OverviewTexts } from './strings';

export interface OverviewStatusProps {
  texts: OverviewTexts;
  list: Pick<CourseListState, 'pending' | 'complete' | 'courses' | 'total'>;
  progress: HealthProgress;
  eta: HealthEta | null;
  paused: boolean;
  /** How long ago the figures kept on the device were written ("2 hours ago"), while they are shown. */
  keptAsOf: string | null;
  /** While searching: how many courses match. */
  matches: { count: number; query: string } | null;
  onPause: () => void;
  onResume: () => void;
}

/**
 * What goes on, in one line, only while something does: figures painted from the device and how old they are, the
 * list being read ("412 of 1,009 courses read…"), the
 * health being read ("Health of 312 of 1,009 courses read, about 3 min left"), with Pause or Resume; and what a
 * search matches. The live region stays in the page, empty when nothing goes on, so each change is announced.
 */
export function OverviewStatus({
  texts,
  list,
  progress,
  eta,
  paused,
  keptAsOf,
  matches,
  onPause,
  onResume,
}: OverviewStatusProps) {
  const parts: string[] = [];
  if (list.pending) parts.push(texts.loading);
  else if (!list.complete) parts.push(texts.listReading(list.courses.length, list.total));
  // A course listed is one to read, also in the moment before the reading has queued it.
  const total = Math.max(progress.total, list.courses.length);
  const healthLeft = total - progress.done - progress.failed;
  // The kept figures are said to be kept while what changed since is read again; after that they are current.
  if (keptAsOf !== null && healthLeft > 0) parts.push(texts.asOf(keptAsOf));
  if (healthLeft > 0) {
    parts.push(
      paused
        ? texts.healthPaused(progress.done, total)
        : texts.healthReading(progress.done, total, eta === null ? null : aboutMinutes(eta.ms)),
    );
  }
  if (progress.failed > 0) parts.push(texts.failedCount(progress.failed));
  if (matches !== null) parts.push(texts.matches(matches.count, matches.query));
  return (
    <p className="overview-status">
      <span role="status">{parts.join(' ')}</span>
      {healthLeft > 0 && (
        <>
          {' '}
          <button type="button" className="button-link" onClick={paused ? onResume : onPause}>
            {paused ? texts.resume : texts.pause}
          </button>
        </>
      )}
    </p>
  );
}
