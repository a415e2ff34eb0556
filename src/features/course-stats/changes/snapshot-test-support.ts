import { courseStatSchema, type CourseStat, type CourseStatWire } from '@contract';
import { courseStatWire } from '@/testing/fixtures';
import { buildSnapshot, type Snapshot, type SnapshotScope } from './snapshot';

export const SCOPE: SnapshotScope = { origin: 'https://lms.example', courseId: 7, sessionId: null };
export const DAY = 86_400_000;
/** The older snapshot's moment in the tests; the newer one is a week later unless a test says otherwise. */
export const MONDAY = Date.parse('2026-11-16T09:00:00Z');

export function stat(overrides: Partial<CourseStatWire>): CourseStat {
  return courseStatSchema.parse(courseStatWire(overrides));
}

export function snapshotOf(rows: Array<Partial<CourseStatWire>>, takenAt: number, scope = SCOPE): Snapshot {
  return buildSnapshot(scope, rows.map(stat), takenAt);
}
