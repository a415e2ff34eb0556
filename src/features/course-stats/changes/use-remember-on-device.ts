import { useSyncExternalStore } from 'react';
import { COURSE_MEMORY_KEYS, storageKey } from '@/lib/storage';
import { deleteAllSnapshots, readRememberOnDevice, writeRememberOnDevice } from './snapshot-store';
import type { DeviceResult } from '@/lib/device-store';

/**
 * The "Remember on this device" choice as React state, shared by every place that shows it (the changes region, the
 * "Stored on this device" panel) and kept in step across tabs through the `storage` event.
 */
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Calls `listener` whenever the choice may have changed, in this tab or another; returns the unsubscribe. */
export function subscribeRememberOnDevice(listener: () => void): () => void {
  listeners.add(listener);
  const key = storageKey(COURSE_MEMORY_KEYS.rememberOnDevice);
  const onStorage = (event: StorageEvent) => {
    // A cleared storage (event.key null) may have taken the choice with it.
    if (event.key === key || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Sets the choice for this browser. Returns whether it was stored: when localStorage is blocked the choice cannot
 * outlive the tab, and nothing should pretend it does.
 */
export function setRememberOnDevice(remember: boolean): boolean {
  const stored = writeRememberOnDevice(remember);
  notify();
  return stored;
}

/**
 * The user's choice, as every checkbox applies it. Turning it off also deletes the snapshots kept so far: "otherwise
 * nothing about learners outlives the tab" holds for a choice taken back too. The result says whether they went.
 */
export async function chooseRememberOnDevice(remember: boolean): Promise<DeviceResult<void>> {
  setRememberOnDevice(remember);
  if (remember) return { status: 'ok', value: undefined };
  return deleteAllSnapshots();
}

/** Tells every place showing the choice that it may have changed (after "Forget this device", say). */
export function rememberOnDeviceChanged(): void {
  notify();
}

export function useRememberOnDevice(): boolean {
  return useSyncExternalStore(subscribeRememberOnDevice, readRememberOnDevice, () => false);
}
