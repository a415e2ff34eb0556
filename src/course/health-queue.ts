import { PER_PAGE_MAX } from '@contract';
import { parseTimestamp } from '@/lib/format';
import type { Pacer } from '@/lib/pacer';
import type { FailureReason } from '@/lib/retry-policy';

/**
 * The order the overview reads courses' statistics in, and how far it has got. Pure: it holds no timers and reads
 * no clock; the reader asks it for the next course and tells it how each went.
 *
 * Order: a course retried goes first, then the courses prioritized (in view, or searched for), then the rest, most
 * recently active first (as the course list gives their last activity), those without any last, ties by id.
 */

/** A course as the queue needs it: its listed last activity, and its size when known (from an earlier read). */
export interface QueuedCourse {
  id: number;
  last_activity: string | null;
  /** Statistics rows at the last read, for the estimate; null or absent when never read. */
  rows?: number | null;
}

export type HealthReadState = 'waiting' | 'reading' | 'done' | 'failed';

export interface HealthProgress {
  /** Every course given to the queue. */
  total: number;
  done: number;
  failed: number;
  reading: number;
  waiting: number;
}

export interface HealthEta {
  /** Requests still to make: the courses waiting or being read, a page of PER_PAGE_MAX rows a request. */
  requests: number;
  /** At the pacer's pace, after any wait it holds (a Retry-After). */
  ms: number;
}

interface Entry {
  id: number;
  activity: number | null;
  rows: number | null;
  state: HealthReadState;
}

/** Requests a course of `rows` rows takes: every page, and one even when it is empty. */
export function requestsFor(rows: number): number {
  return Math.max(1, Math.ceil(rows / PER_PAGE_MAX));
}

/** "About N min": whole minutes, rounded, and never "0 min" while something is left. */
export function aboutMinutes(ms: number): number {
  return Math.max(1, Math.round(ms / 60_000));
}

function byRecentActivity(a: Entry, b: Entry): number {
  if (a.activity !== b.activity) {
    if (a.activity === null) return 1;
    if (b.activity === null) return -1;
    return b.activity - a.activity;
  }
  return a.id - b.id;
}

export class HealthQueue<Reason = FailureReason> {
  private readonly entries = new Map<number, Entry>();
  /** The rest, most recently active first; sorted again after an add, on the next call of next(). */
  private ordered: Entry[] = [];
  private sorted = true;
  /** Every entry before this index of `ordered` has left the waiting state. */
  private cursor = 0;
  private priority: number[] = [];
  private retried: number[] = [];
  private readonly reasons = new Map<number, Reason>();
  /** Requests the courses read so far took, for the estimate of those of unknown size. */
  private readRequests = 0;
  private readCourses = 0;
  private pausedFlag = false;

  /** Adds courses as the course list arrives; a course given again has its activity and size updated. */
  add(courses: readonly QueuedCourse[]): void {
    for (const course of courses) {
      const entry = this.entries.get(course.id);
      const activity = parseTimestamp(course.last_activity);
      const rows = course.rows ?? null;
      if (entry) {
        entry.activity = activity;
        entry.rows = rows ?? entry.rows;
      } else {
        const added: Entry = { id: course.id, activity, rows, state: 'waiting' };
        this.entries.set(course.id, added);
        this.ordered.push(added);
      }
    }
    this.sorted = false;
  }

  /** These go next, in this order (the courses in view or searched for); replaces the previous priority. */
  prioritize(ids: readonly number[]): void {
    this.priority = [...ids];
  }

  /** The next course to read, now marked as being read; null when paused or when none waits. */
  next(): number | null {
    if (this.pausedFlag) return null;
    const entry = this.firstWaiting();
    if (!entry) return null;
    entry.state = 'reading';
    return entry.id;
  }

  /** The course is read: `rows` rows in all pages. */
  done(id: number, rows: number): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.state = 'done';
    entry.rows = rows;
    this.reasons.delete(id);
    this.readRequests += requestsFor(rows);
    this.readCourses += 1;
  }

  /** The course could not be read; the rest go on. It stays failed until retried. */
  failed(id: number, reason: Reason): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    entry.state = 'failed';
    this.reasons.set(id, reason);
  }

  /** Reads the course again, before any other (the user asked for it). */
  retry(id: number): void {
    const entry = this.entries.get(id);
    if (!entry || entry.state === 'reading') return;
    entry.state = 'waiting';
    this.reasons.delete(id);
    this.retried = [id, ...this.retried.filter((other) => other !== id)];
  }

  /** The course's reading was cancelled (the screen went): it waits again, first in line. */
  cancelled(id: number): void {
    const entry = this.entries.get(id);
    if (entry?.state !== 'reading') return;
    entry.state = 'waiting';
    this.retried = [id, ...this.retried.filter((other) => other !== id)];
  }

  /** No course is handed out until resume(); those being read finish. */
  pause(): void {
    this.pausedFlag = true;
  }

  resume(): void {
    this.pausedFlag = false;
  }

  get paused(): boolean {
    return this.pausedFlag;
  }

  state(id: number): HealthReadState | undefined {
    return this.entries.get(id)?.state;
  }

  /** Why the course failed, while it stays failed. */
  reason(id: number): Reason | undefined {
    return this.reasons.get(id);
  }

  progress(): HealthProgress {
    const counts: HealthProgress = { total: this.entries.size, done: 0, failed: 0, reading: 0, waiting: 0 };
    for (const entry of this.entries.values()) counts[entry.state] += 1;
    return counts;
  }

  /**
   * How long the rest takes at `pacer`'s pace (the server's limit times the share the readers keep), from `now`:
   * the requests of every course waiting or being read (a course being read counted whole), a size unknown taken as
   * the average of the courses read so far. Null while there is no such average yet, or no limit to pace by.
   */
  eta(pacer: Pick<Pacer, 'intervalMs' | 'pausedUntil'>, now: number): HealthEta | null {
    if (!(pacer.intervalMs > 0)) return null;
    const average = this.readCourses === 0 ? null : this.readRequests / this.readCourses;
    let requests = 0;
    for (const entry of this.entries.values()) {
      if (entry.state !== 'waiting' && entry.state !== 'reading') continue;
      if (entry.rows !== null) requests += requestsFor(entry.rows);
      else if (average === null) return null;
      else requests += average;
    }
    requests = Math.ceil(requests);
    return { requests, ms: requests * pacer.intervalMs + Math.max(0, pacer.pausedUntil - now) };
  }

  private firstWaiting(): Entry | undefined {
    for (const id of [...this.retried, ...this.priority]) {
      const entry = this.entries.get(id);
      if (entry?.state === 'waiting') {
        this.retried = this.retried.filter((other) => other !== id);
        return entry;
      }
    }
    this.retried = [];
    if (!this.sorted) {
      this.ordered.sort(byRecentActivity);
      this.sorted = true;
      this.cursor = 0;
    }
    while (this.cursor < this.ordered.length) {
      const entry = this.ordered[this.cursor];
      if (entry?.state === 'waiting') return entry;
      this.cursor += 1;
    }
    return undefined;
  }
}
