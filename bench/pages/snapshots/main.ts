// The page of benchmark 12 (bench/snapshots.ts): the snapshot modules as the app will use them, built by Vite with
// their worker, driven from Playwright through window.__snapshotBench. The statistics screen does not call them yet.
import type { CourseStat } from '@contract';
import { compareSnapshots } from '@/features/course-stats/changes/compare-snapshots';
import { diffSnapshots, type SnapshotDiff } from '@/features/course-stats/changes/diff';
import { buildSnapshotInSlices, snapshotBytes, type SnapshotScope } from '@/features/course-stats/changes/snapshot';
import { deleteAllSnapshots, readSnapshot, saveSnapshot } from '@/features/course-stats/changes/snapshot-store';

const DAY = 86_400_000;
const SCOPE: SnapshotScope = { origin: location.origin, courseId: 1000, sessionId: null };
const OLDER_AT = Date.parse('2026-11-16T09:00:00Z');
const NEWER_AT = OLDER_AT + 7 * DAY;

/** A course of `count` learners in 4 sessions, a week apart: `week` 1 has moved on (see the figures below). */
function course(count: number, week: 0 | 1): CourseStat[] {
  const takenAt = week === 0 ? OLDER_AT : NEWER_AT;
  const rows: CourseStat[] = [];
  // A tenth left and a tenth joined; a third made progress; some finished, passed, got a certificate.
  for (let index = week === 0 ? 0 : count / 10; index < count + (week === 0 ? 0 : count / 10); index += 1) {
    const moved = week === 1 && index % 3 === 0;
    const progress = Math.min(100, ((index * 7) % 101) + (moved ? 15 : 0));
    const success = progress === 100 && index % 2 === 0;
    rows.push({
      id: index + 1,
      user_id: 1_000_000 + index,
      username: `Learner ${index}`,
      user_email: `learner${index}@example.com`,
      course_id: SCOPE.courseId,
      coursename: 'Scale course',
      completed: progress === 100,
      success,
      course_session_id: 70 + (index % 4),
      course_session_name: `Group ${index % 4}`,
      deadline: new Date(OLDER_AT + ((index % 20) - 5) * DAY).toISOString(),
      time_spent: index * 60,
      quiz_count: 3,
      score: success ? 80 + (index % 20) : index % 60,
      score_percent: null,
      last_activity: new Date(takenAt - ((index * 13) % 30) * DAY - (moved ? 0 : DAY)).toISOString(),
      progress,
      progress_percent: progress,
      completed_tasks: Math.floor(progress / 10),
      cert_file: success ? `https://lms.example/cert/${index}.pdf` : null,
    });
  }
  return rows;
}

function sameDiff(a: SnapshotDiff | null, b: SnapshotDiff): boolean {
  return (
    JSON.stringify(a, (_key, value: unknown) => (value instanceof Map ? [...value] : value)) ===
    JSON.stringify(b, (_key, value: unknown) => (value instanceof Map ? [...value] : value))
  );
}

const state = { older: course(10_000, 0), newer: course(10_000, 1), olderId: '', newerId: '' };

async function save(week: 0 | 1): Promise<{ rows: number; bytes: number; id: string }> {
  performance.mark(`save-${week}-start`);
  const rows = week === 0 ? state.older : state.newer;
  const snapshot = await buildSnapshotInSlices(SCOPE, rows, week === 0 ? OLDER_AT : NEWER_AT);
  const saved = await saveSnapshot(snapshot, { remember: true });
  performance.mark(`save-${week}-end`);
  if (saved.status !== 'ok' || !saved.value.saved) throw new Error(`not saved: ${JSON.stringify(saved)}`);
  return { rows: snapshot.rowCount, bytes: snapshotBytes(snapshot), id: saved.value.summary.id };
}

async function compare(olderId: string, newerId: string) {
  performance.mark('compare-start');
  const [older, newer] = await Promise.all([readSnapshot(olderId), readSnapshot(newerId)]);
  if (older.status !== 'ok' || !older.value || newer.status !== 'ok' || !newer.value) throw new Error('not read');
  const diff = await compareSnapshots(older.value, newer.value);
  performance.mark('compare-end');
  // Outside the measured span: the worker's answer is the page's own answer.
  const onPage = diffSnapshots(older.value, newer.value);
  const counts = diff && {
    newLearners: diff.newLearners.count,
    goneLearners: diff.goneLearners.count,
    newlyCompleted: diff.newlyCompleted.count,
    newlyPassed: diff.newlyPassed.count,
    certificatesIssued: diff.certificatesIssued.count,
    progressUp: diff.progressUp.count,
    progressPoints: diff.progressUp.points,
    becameInactive: diff.becameInactive.count,
    deadlinesPassed: diff.deadlinesPassed.count,
  };
  return { counts, sameAsOnPage: sameDiff(diff, onPage) };
}

async function storedBytes(): Promise<number | null> {
  const estimate = await navigator.storage?.estimate?.();
  return estimate?.usage ?? null;
}

Object.assign(window, {
  __snapshotBench: { save, compare, storedBytes, clear: () => deleteAllSnapshots(), ready: true },
});
