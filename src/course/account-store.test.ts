import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { openDeviceStore } from '@/lib/device-store';
import {
  forgetStoredAccounts,
  lastVisit,
  listStoredAccounts,
  loadAccount,
  saveAccount,
  type StoredAccount,
} from './account-store';

/** A record as this version writes it: course `id`'s learner 7 passed. */
const account = (savedAt: number, courseIds: number[]): StoredAccount => ({
  version: 2,
  savedAt,
  courses: courseIds.map((courseId) => ({
    courseId,
    health: {
      rows: 4,
      learners: 3,
      completedPercent: 50,
      passedPercent: 25,
      averageProgress: 60,
      averageScore: null,
      overdue: 1,
      notStarted: 0,
      inactive: 2,
      lastActivity: savedAt - 1000,
    },
    listedLastActivity: '2026-11-28T10:00:00+03:00',
    listedUpdatedAt: null,
    readAt: savedAt,
    passedUserIds: [7],
  })),
  index: {
    version: 1,
    learners: [
      [7, 'Anna Petrova', 'anna@example.com', courseIds],
      [8, 'Boris Ivanov', 'boris@example.com', courseIds],
      [9, 'Chloé Martin', 'chloe@example.com', courseIds],
    ],
  },
});

/** A record an earlier page wrote: this page has not read or written it yet. */
async function keptBefore(origin: string, record: unknown): Promise<void> {
  await openDeviceStore('course-stats-overview', 'accounts').setMany([[origin, record]]);
}

/** The same, as the version before kept it: without who had passed. */
function firstVersion(savedAt: number, courseIds: number[]): unknown {
  const { courses, ...rest } = account(savedAt, courseIds);
  return { ...rest, version: 1, courses: courses.map(({ passedUserIds: _, ...course }) => course) };
}

describe('what the overview keeps on the device', () => {
  beforeEach(async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    // A new page: nothing found yet.
    await forgetStoredAccounts();
  });

  it('keeps one account per API origin, lists them, and forgets one or all', async () => {
    await saveAccount('https://lms.example', account(1000, [1, 2]));
    await saveAccount('demo', account(2000, [3]));
    expect(await loadAccount('https://lms.example')).toEqual(account(1000, [1, 2]));
    expect(await loadAccount('https://other.example')).toBeNull();

    const listed = await listStoredAccounts();
    expect(listed.status === 'ok' ? [...listed.value].sort((a, b) => a.savedAt - b.savedAt) : listed).toEqual([
      { origin: 'https://lms.example', savedAt: 1000, courses: 2, learners: 3 },
      { origin: 'demo', savedAt: 2000, courses: 1, learners: 3 },
    ]);

    await forgetStoredAccounts('demo');
    expect(await loadAccount('demo')).toBeNull();
    expect(await loadAccount('https://lms.example')).not.toBeNull();
    await forgetStoredAccounts();
    expect(await listStoredAccounts()).toEqual({ status: 'ok', value: [] });
  });

  it('reads a record of the version before, without who had passed', async () => {
    await keptBefore('demo', firstVersion(1000, [1]));
    const read = await loadAccount('demo');
    expect(read?.version).toBe(1);
    expect(read?.courses[0]?.passedUserIds).toBeUndefined();
    // What it compares with: the learners from the index, and nothing for who had passed.
    expect(await lastVisit('demo')).toEqual(new Map([[1, { learners: [7, 8, 9], passed: null }]]));
  });

  it('compares all visit long with the record as this page first found it, not with what it wrote since', async () => {
    await keptBefore('demo', account(1000, [1]));
    await loadAccount('demo');
    const later = account(2000, [1, 2]);
    for (const course of later.courses) course.passedUserIds = [7, 8];
    await saveAccount('demo', later);
    expect(await loadAccount('demo')).toEqual(later);
    expect(await lastVisit('demo')).toEqual(new Map([[1, { learners: [7, 8, 9], passed: [7] }]]));
    // Forgetting it forgets what the page found too: a record kept afterwards is the next one compared with.
    await forgetStoredAccounts('demo');
    expect(await lastVisit('demo')).toBeNull();
    await saveAccount('demo', later);
    expect(await lastVisit('demo')).toBeNull();
  });

  it('has nothing from an earlier visit when the page wrote before it read (kept from now on)', async () => {
    await saveAccount('demo', account(1000, [1]));
    expect(await loadAccount('demo')).toEqual(account(1000, [1]));
    expect(await lastVisit('demo')).toBeNull();
  });

  it('reads a record of another version, or damaged, as nothing kept', async () => {
    await saveAccount('demo', { ...account(1000, [1]), version: 3 } as unknown as StoredAccount);
    expect(await loadAccount('demo')).toBeNull();
    const damaged = account(1000, [1]);
    const [first] = damaged.courses;
    if (first) first.health.completedPercent = 250;
    await saveAccount('demo', damaged);
    expect(await loadAccount('demo')).toBeNull();
  });

  it('answers "nothing kept" where IndexedDB is missing, without throwing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(await loadAccount('demo')).toBeNull();
    expect(await saveAccount('demo', account(1, [1]))).toEqual({ status: 'unavailable', reason: 'no-indexeddb' });
  });
});
