import type { DeviceResult } from '@/lib/device-store';
import type { RecentCourse } from '@/course/recent-courses';
import type { DeviceMemory, StoredSnapshot } from './device-memory';

/** What this browser keeps about the user's courses: the things "Forget this device" deletes. */
export interface DeviceInventory {
  snapshots: DeviceResult<StoredSnapshot[]>;
  savedViews: number;
  recentCourses: RecentCourse[];
  remember: boolean;
}

/** What lives in localStorage (read at once); the snapshots are read apart, from IndexedDB. */
export function readLocalMemory(memory: DeviceMemory): Omit<DeviceInventory, 'snapshots'> {
  return {
    savedViews: memory.savedViewCount(),
    recentCourses: memory.readRecentCourses(),
    remember: memory.readRemember(),
  };
}

export function snapshotCount(inventory: Pick<DeviceInventory, 'snapshots'>): number {
  return inventory.snapshots.status === 'ok' ? inventory.snapshots.value.length : 0;
}

export function storesAnything(inventory: DeviceInventory): boolean {
  return (
    snapshotCount(inventory) > 0 || inventory.savedViews > 0 || inventory.recentCourses.length > 0 || inventory.remember
  );
}

/** Whether snapshots may be left after forget's `result`: none without IndexedDB, or if the store read empty. */
export function snapshotsMayRemain(inventory: DeviceInventory, result: DeviceResult<void>): boolean {
  if (result.status === 'ok' || result.reason === 'no-indexeddb') return false;
  return !(inventory.snapshots.status === 'ok' && inventory.snapshots.value.length === 0);
}

export interface CourseSnapshots {
  key: string;
  courseId: number;
  /** The course's name when the recent courses know it. */
  name: string | null;
  /** The API origin when it is not this page's (our server answers on the page's own origin). */
  otherOrigin: string | null;
  /** Newest first. */
  snapshots: StoredSnapshot[];
}

/** The snapshots by course (and API origin), the course with the newest snapshot first. */
export function groupByCourse(
  summaries: readonly StoredSnapshot[],
  recent: readonly RecentCourse[],
  pageOrigin: string,
): CourseSnapshots[] {
  const groups = new Map<string, CourseSnapshots>();
  const newestFirst = [...summaries].sort((a, b) => b.takenAt - a.takenAt);
  for (const summary of newestFirst) {
    const { origin, courseId } = summary.scope;
    const key = `${origin}|${courseId}`;
    let group = groups.get(key);
    if (!group) {
      const sameOrigin = origin === pageOrigin;
      group = {
        key,
        courseId,
        name: sameOrigin ? (recent.find((course) => course.id === courseId)?.name ?? null) : null,
        otherOrigin: sameOrigin ? null : origin,
        snapshots: [],
      };
      groups.set(key, group);
    }
    group.snapshots.push(summary);
  }
  return [...groups.values()];
}
