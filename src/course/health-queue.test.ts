// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { pacerFor } from '@/lib/pacer';
import { aboutMinutes, HealthQueue, requestsFor, type QueuedCourse } from './health-queue';

const course = (id: number, lastActivity: string | null, rows?: number): QueuedCourse => ({
  id,
  last_activity: lastActivity,
  rows,
});

/** Every id next() hands out until it has none, each marked done with `rows` rows. */
function drain(queue: HealthQueue, rows = 10): number[] {
  const order: number[] = [];
  for (let id = queue.next(); id !== null; id = queue.next()) {
    order.push(id);
    queue.done(id, rows);
  }
  return order;
}

describe('HealthQueue order', () => {
  it('reads the most recently active first, those without activity last, ties by id', () => {
    const queue = new HealthQueue();
    queue.add([
      course(1, '2026-11-01T10:00:00Z'),
      course(2, null),
      // 09:00 at -05:00 is 14:00 UTC: the most recent, though it reads as earlier.
      course(3, '2026-11-01T09:00:00-05:00'),
      course(4, '2026-11-01T12:00:00Z'),
      course(5, '2026-11-01T12:00:00Z'),
      course(0, null),
    ]);
    expect(drain(queue)).toEqual([3, 4, 5, 1, 0, 2]);
  });

  it('reads the prioritized courses first, in the order given, and then the rest', () => {
    const queue = new HealthQueue();
    queue.add([course(1, '2026-11-05T00:00:00Z'), course(2, '2026-11-04T00:00:00Z'), course(3, null)]);
    queue.add([course(4, '2026-11-03T00:00:00Z'), course(5, '2026-11-02T00:00:00Z')]);
    queue.prioritize([5, 3]);
    expect(queue.next()).toBe(5);
    // The view moved on: the new priority replaces the old.
    queue.prioritize([4, 5]);
    expect(drain(queue)).toEqual([4, 1, 2, 3]);
  });

  it('places courses listed later by their activity among those not yet read', () => {
    const queue = new HealthQueue();
    queue.add([course(1, '2026-11-05T00:00:00Z'), course(2, '2026-11-01T00:00:00Z')]);
    expect(queue.next()).toBe(1);
    queue.add([course(3, '2026-11-03T00:00:00Z')]);
    expect(drain(queue)).toEqual([3, 2]);
  });

  it('goes on past a course that failed, tells why, and reads it first when retried', () => {
    const queue = new HealthQueue();
    queue.add([course(1, '2026-11-05T00:00:00Z'), course(2, '2026-11-04T00:00:00Z'), course(3, null)]);
    queue.prioritize([3]);
    expect(queue.next()).toBe(3);
    queue.failed(3, 'server');
    expect(queue.reason(3)).toBe('server');
    expect(queue.next()).toBe(1);
    queue.done(1, 10);
    queue.retry(3);
    expect(queue.reason(3)).toBeUndefined();
    expect(queue.progress()).toEqual({ total: 3, done: 1, failed: 0, reading: 0, waiting: 2 });
    // Before the priority too: the user asked for it.
    queue.prioritize([2]);
    expect(queue.next()).toBe(3);
    queue.failed(3, 'forbidden');
    expect(queue.progress()).toEqual({ total: 3, done: 1, failed: 1, reading: 0, waiting: 1 });
    expect(drain(queue)).toEqual([2]);
    expect(queue.state(3)).toBe('failed');
  });

  it('hands out nothing while paused; a course being read still finishes', () => {
    const queue = new HealthQueue();
    queue.add([course(1, '2026-11-05T00:00:00Z'), course(2, '2026-11-04T00:00:00Z')]);
    expect(queue.next()).toBe(1);
    queue.pause();
    expect(queue.paused).toBe(true);
    expect(queue.next()).toBeNull();
    queue.done(1, 5);
    expect(queue.progress()).toMatchObject({ done: 1, waiting: 1 });
    queue.resume();
    expect(queue.next()).toBe(2);
    expect(queue.next()).toBeNull();
  });
});

describe('HealthQueue.eta', () => {
  // The server allows 600 a minute; the readers keep to 90 %: 540 a minute.
  const pacer = { intervalMs: pacerFor(600).intervalMs, pausedUntil: 0 };
  const now = Date.parse('2026-11-29T12:00:00Z');

  it('counts a request per 100 rows, and one for an empty course', () => {
    expect([0, 1, 100, 101, 10_000].map(requestsFor)).toEqual([1, 1, 1, 2, 100]);
  });

  it('gives the time the requests left take at 90 % of the server limit', () => {
    const queue = new HealthQueue();
    queue.add([course(1, null, 27_000), course(2, null, 0)]);
    expect(queue.eta(pacer, now)).toEqual({ requests: 271, ms: (271 / 540) * 60_000 });
    queue.add(Array.from({ length: 269 }, (_, i) => course(10 + i, null, 50)));
    const eta = queue.eta(pacer, now);
    expect(eta?.requests).toBe(540);
    expect(eta?.ms).toBeCloseTo(60_000, 6);
    expect(aboutMinutes(eta?.ms ?? 0)).toBe(1);
  });

  it('estimates the courses of unknown size from the average so far, and has no estimate before', () => {
    const queue = new HealthQueue();
    queue.add([course(1, '2026-11-05T00:00:00Z'), course(2, '2026-11-04T00:00:00Z'), course(3, null), course(4, null)]);
    expect(queue.eta(pacer, now)).toBeNull();
    queue.done(queue.next() ?? 0, 1_000);
    queue.done(queue.next() ?? 0, 50);
    // (10 + 1) / 2 = 5.5 requests each for the two left.
    expect(queue.eta(pacer, now)?.requests).toBe(11);
    expect(queue.next()).toBe(3);
    queue.failed(3, 'server');
    // A failed course waits for a retry: not counted.
    expect(queue.eta(pacer, now)?.requests).toBe(6);
  });

  it("adds the wait a 429's Retry-After holds the pacer for, and has none without a limit", () => {
    const queue = new HealthQueue();
    queue.add([course(1, null, 9_000)]);
    expect(queue.eta({ ...pacer, pausedUntil: now + 30_000 }, now)?.ms).toBeCloseTo(40_000, 6);
    expect(queue.eta({ ...pacer, pausedUntil: now - 30_000 }, now)?.ms).toBeCloseTo(10_000, 6);
    expect(queue.eta(pacerFor(0), now)).toBeNull();
  });

  it('says "about N min", never 0 while something is left', () => {
    expect(aboutMinutes(10_000)).toBe(1);
    expect(aboutMinutes(150_000)).toBe(3);
    expect(aboutMinutes(200_000)).toBe(3);
  });
});
