import type { StoredAccountSummary } from '@/course/account-store';
import type { RecentCourse } from '@/course/recent-courses';
import type { DeviceResult } from '@/lib/device-store';

/** A course snapshot kept in this browser, as the list shows it (read without its rows). */
export interface StoredSnapshot {
  id: string;
  /** The API's origin, the course and the session filter (null for all sessions) the snapshot is of. */
  scope: { origin: string; courseId: number; sessionId: number | null };
  takenAt: number;
  rowCount: number;
  /** The rows' size in bytes. */
  bytes: number;
}

/**
 * What the app keeps about the user's courses in this browser, as this feature reads and deletes it. The feature
 * owns none of it: src/app/screens/device.tsx builds this from course statistics' stores and the course core's recent
 * courses, and tests pass their own. No method throws; what IndexedDB refuses comes back as `unavailable`.
 */
export interface DeviceMemory {
  listSnapshots(): Promise<DeviceResult<StoredSnapshot[]>>;
  deleteSnapshot(id: string): Promise<DeviceResult<void>>;
  deleteAllSnapshots(): Promise<DeviceResult<void>>;
  /** The "Remember on this device" choice. */
  readRemember(): boolean;
  /** Applies the choice; taking it back also deletes the snapshots, and the result says whether they went. */
  chooseRemember(remember: boolean): Promise<DeviceResult<void>>;
  /** Calls `listener` whenever the choice may have changed (in this tab or another); returns the unsubscribe. */
  subscribeRemember(listener: () => void): () => void;
  /** The account overview's figures and learners, one record per API origin. */
  listStoredAccounts(): Promise<DeviceResult<StoredAccountSummary[]>>;
  forgetStoredAccounts(): Promise<DeviceResult<void>>;
  savedViewCount(): number;
  readRecentCourses(): RecentCourse[];
  /**
   * "Forget this device": snapshots, the overview's figures, saved views, recent courses and the Remember choice,
   * telling all that show it. localStorage is cleared even without IndexedDB; the result says if snapshots went.
   */
  forget(): Promise<DeviceResult<void>>;
}
