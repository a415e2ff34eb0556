import { act, renderHook } from '@testing-library/react';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDeviceStore, type DeviceStore } from '@/lib/device-store';
import { forgetCourseMemory, storageKey } from '@/lib/storage';
import {
  chooseRememberOnDevice,
  deleteAllSnapshots,
  deleteSnapshot,
  forgetThisDevice,
  KEEP_PER_SCOPE,
  listScopeSnapshots,
  listSnapshots,
  readSnapshot,
  saveSnapshot,
} from './snapshot-store';
import {
  readRememberOnDevice,
  rememberOnDeviceChanged,
  setRememberOnDevice,
  useRememberOnDevice,
} from '@/lib/device-consent';
import { DAY, MONDAY, SCOPE, snapshotOf } from './snapshot-test-support';
import type { Snapshot } from './snapshot';

const OTHER_COURSE = { ...SCOPE, courseId: 8 };
const ONE_SESSION = { ...SCOPE, sessionId: 70 };

let store: DeviceStore;

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  store = openDeviceStore('snapshots-test', 'snapshots');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function listed(): Promise<Array<[number, number]>> {
  const list = await listSnapshots(store);
  if (list.status !== 'ok') throw new Error(list.reason);
  return list.value.map((summary) => [summary.scope.courseId, summary.takenAt]);
}

describe('the snapshot store', () => {
  it('writes nothing unless the user chose to remember on this device', async () => {
    expect(readRememberOnDevice()).toBe(false);
    expect(await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY), { store })).toEqual({
      status: 'ok',
      value: { saved: false },
    });
    expect(await listed()).toEqual([]);

    expect(setRememberOnDevice(true)).toBe(true);
    expect(readRememberOnDevice()).toBe(true);
    const saved = await saveSnapshot(snapshotOf([{ id: 1 }, { id: 2 }], MONDAY), { store });
    expect(saved).toMatchObject({ status: 'ok', value: { saved: true, removed: [] } });
    expect(await listed()).toEqual([[7, MONDAY]]);
  });

  it('lists each snapshot with its date, size and row count, and reads its rows back', async () => {
    const snapshot = snapshotOf([{ id: 1, user_id: 501, progress_percent: 64 }, { id: 2 }], MONDAY);
    await saveSnapshot(snapshot, { store, remember: true });
    // A row: user ID (16 bits here), session, progress, flags, score (8 bits each), two moments in seconds (32).
    const list = await listSnapshots(store);
    expect(list).toEqual({
      status: 'ok',
      value: [{ id: 'https://lms.example|7|all|' + MONDAY, scope: SCOPE, takenAt: MONDAY, rowCount: 2, bytes: 2 * 14 }],
    });
    const read = await readSnapshot(`https://lms.example|7|all|${MONDAY}`, store);
    const back = read.status === 'ok' ? read.value : null;
    // Read back through IndexedDB's structured clone, its typed arrays of another realm: compared as numbers.
    const columns = (value: Snapshot | null) =>
      value && Object.values(value.rows).map((column) => [...('unit' in column ? column.values : column)]);
    expect(back?.rowCount).toBe(2);
    expect(columns(back)).toEqual(columns(snapshot));
    expect(await readSnapshot('missing', store)).toEqual({ status: 'ok', value: null });
  });

  it(`keeps the newest ${KEEP_PER_SCOPE} of each course, origin and session filter`, async () => {
    for (const day of [0, 1, 2, 3, 4]) {
      await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY + day * DAY), { store, remember: true });
    }
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY, OTHER_COURSE), { store, remember: true });
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY, ONE_SESSION), { store, remember: true });
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY, { ...SCOPE, origin: 'https://other.example' }), {
      store,
      remember: true,
    });
    const scoped = await listScopeSnapshots(SCOPE, store);
    expect(scoped.status === 'ok' && scoped.value.map((summary) => summary.takenAt)).toEqual([
      MONDAY + 4 * DAY,
      MONDAY + 3 * DAY,
      MONDAY + 2 * DAY,
    ]);
    const all = await listSnapshots(store);
    expect(all.status === 'ok' && all.value.length).toBe(KEEP_PER_SCOPE + 3);
    // The rows of a snapshot dropped from the list are gone too.
    expect(await readSnapshot(`https://lms.example|7|all|${MONDAY}`, store)).toEqual({ status: 'ok', value: null });
  });

  it('deletes one snapshot, or all of them', async () => {
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY), { store, remember: true });
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY + DAY), { store, remember: true });
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY, OTHER_COURSE), { store, remember: true });
    expect(await deleteSnapshot(`https://lms.example|7|all|${MONDAY}`, store)).toEqual({ status: 'ok' });
    expect(await listed()).toEqual([
      [7, MONDAY + DAY],
      [8, MONDAY],
    ]);
    expect(await deleteAllSnapshots(store)).toEqual({ status: 'ok' });
    expect(await listed()).toEqual([]);
  });

  it('forgets this device: snapshots, saved views, recent courses and the choice to remember', async () => {
    setRememberOnDevice(true);
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY), { store });
    window.localStorage.setItem(storageKey('recent-courses'), '[{"id":7,"name":"Onboarding"}]');
    window.localStorage.setItem(storageKey('saved-views'), '[]');
    window.localStorage.setItem(storageKey('theme'), 'dark');
    expect(await forgetThisDevice(store)).toEqual({ status: 'ok' });
    expect(await listed()).toEqual([]);
    expect(readRememberOnDevice()).toBe(false);
    expect(Object.keys(window.localStorage)).toEqual([storageKey('theme')]);
  });

  it('clears what is in localStorage even where IndexedDB is not available', async () => {
    vi.stubGlobal('indexedDB', undefined);
    setRememberOnDevice(true);
    expect(await forgetThisDevice(openDeviceStore('snapshots-test', 'snapshots'))).toEqual({
      status: 'unavailable',
      reason: 'no-indexeddb',
    });
    expect(readRememberOnDevice()).toBe(false);
  });

  it('answers "unavailable" for every operation in a browser without IndexedDB', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const none = openDeviceStore('snapshots-test', 'snapshots');
    const unavailable = { status: 'unavailable', reason: 'no-indexeddb' };
    expect(await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY), { store: none, remember: true })).toEqual(unavailable);
    expect(await listSnapshots(none)).toEqual(unavailable);
    expect(await readSnapshot('any', none)).toEqual(unavailable);
    expect(await deleteSnapshot('any', none)).toEqual(unavailable);
    expect(await deleteAllSnapshots(none)).toEqual(unavailable);
  });

  it('answers "quota" when the device is full, and keeps the snapshots it had', async () => {
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY), { store, remember: true });
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY + DAY), { store, remember: true })).toEqual({
      status: 'unavailable',
      reason: 'quota',
    });
    expect(await listed()).toEqual([[7, MONDAY]]);
  });

  it('leaves out a damaged summary when listing', async () => {
    await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY), { store, remember: true });
    await store.setMany([[['summary', 'broken'], { id: 'broken', takenAt: 'yesterday' }]]);
    expect(await listed()).toEqual([[7, MONDAY]]);
  });
});

describe('useRememberOnDevice', () => {
  it('is off until chosen, and follows the choice', () => {
    const { result } = renderHook(() => useRememberOnDevice());
    expect(result.current).toBe(false);
    act(() => {
      expect(setRememberOnDevice(true)).toBe(true);
    });
    expect(result.current).toBe(true);
    act(() => {
      setRememberOnDevice(false);
    });
    expect(result.current).toBe(false);
  });

  it('turns off when the device forgets, once told', () => {
    setRememberOnDevice(true);
    const { result } = renderHook(() => useRememberOnDevice());
    expect(result.current).toBe(true);
    act(() => {
      forgetCourseMemory();
      rememberOnDeviceChanged();
    });
    expect(result.current).toBe(false);
  });

  it('follows a choice made in another tab', () => {
    const { result } = renderHook(() => useRememberOnDevice());
    act(() => {
      localStorage.setItem('course-stats.remember-on-device', 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: 'course-stats.remember-on-device' }));
    });
    expect(result.current).toBe(true);
  });
});

describe('chooseRememberOnDevice', () => {
  it('deletes the snapshots kept when the choice is taken back', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    await chooseRememberOnDevice(true);
    const saved = await saveSnapshot(snapshotOf([{ user_id: 1 }, { user_id: 2 }, { user_id: 3 }], MONDAY));
    expect(saved).toMatchObject({ status: 'ok', value: { saved: true } });
    expect(await listSnapshots()).toMatchObject({ status: 'ok', value: [{ rowCount: 3 }] });
    expect(await chooseRememberOnDevice(false)).toEqual({ status: 'ok', value: undefined });
    expect(readRememberOnDevice()).toBe(false);
    expect(await listSnapshots()).toEqual({ status: 'ok', value: [] });
    vi.unstubAllGlobals();
  });
});
