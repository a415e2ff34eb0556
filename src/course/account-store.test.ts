import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetStoredAccounts,
  listStoredAccounts,
  loadAccount,
  saveAccount,
  type StoredAccount,
} from './account-store';

const account = (savedAt: number, courseIds: number[]): StoredAccount => ({
  version: 1,
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
  })),
  index: { version: 1, learners: [[7, 'Anna Petrova', 'anna@example.com', courseIds]] },
});

describe('what the overview keeps on the device', () => {
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
  });

  it('keeps one account per API origin, lists them, and forgets one or all', async () => {
    await saveAccount('https://lms.example', account(1000, [1, 2]));
    await saveAccount('demo', account(2000, [3]));
    expect(await loadAccount('https://lms.example')).toEqual(account(1000, [1, 2]));
    expect(await loadAccount('https://other.example')).toBeNull();

    const listed = await listStoredAccounts();
    expect(listed.status === 'ok' ? [...listed.value].sort((a, b) => a.savedAt - b.savedAt) : listed).toEqual([
      { origin: 'https://lms.example', savedAt: 1000, courses: 2, learners: 1 },
      { origin: 'demo', savedAt: 2000, courses: 1, learners: 1 },
    ]);

    await forgetStoredAccounts('demo');
    expect(await loadAccount('demo')).toBeNull();
    expect(await loadAccount('https://lms.example')).not.toBeNull();
    await forgetStoredAccounts();
    expect(await listStoredAccounts()).toEqual({ status: 'ok', value: [] });
  });

  it('reads a record of another version, or damaged, as nothing kept', async () => {
    await saveAccount('demo', { ...account(1000, [1]), version: 2 } as unknown as StoredAccount);
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
