import { act, renderHook } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listSnapshots, readRememberOnDevice, saveSnapshot } from './snapshot-store';
import { MONDAY, snapshotOf } from './snapshot-test-support';
import {
  chooseRememberOnDevice,
  rememberOnDeviceChanged,
  setRememberOnDevice,
  useRememberOnDevice,
} from './use-remember-on-device';
import { forgetCourseMemory } from '@/lib/storage';

afterEach(() => localStorage.clear());

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
