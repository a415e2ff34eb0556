import { useSyncExternalStore } from 'react';
import { COURSE_MEMORY_KEYS, readText, writeText } from './storage';
import { storedValueListeners } from './stored-value-listeners';

/**
 * "Remember on this device": the one consent for keeping what is read about learners beyond the tab (snapshots, the
 * overview's figures), off unless chosen; shared state, in step across tabs. Each store says what it deletes.
 */
export function readRememberOnDevice(): boolean {
  return readText(COURSE_MEMORY_KEYS.rememberOnDevice) === 'true';
}

/**
 * `rememberOnDeviceChanged` tells every place showing the choice that it may have changed (after "Forget this device",
 * say); `subscribeRememberOnDevice` calls a listener whenever it may have, in this tab or another.
 */
export const { notify: rememberOnDeviceChanged, subscribe: subscribeRememberOnDevice } = storedValueListeners(
  COURSE_MEMORY_KEYS.rememberOnDevice,
);

/** Sets the choice here; returns whether it was stored: with localStorage blocked it lasts this visit only. */
export function setRememberOnDevice(remember: boolean): boolean {
  const stored = writeText(COURSE_MEMORY_KEYS.rememberOnDevice, String(remember));
  rememberOnDeviceChanged();
  return stored;
}

export function useRememberOnDevice(): boolean {
  return useSyncExternalStore(subscribeRememberOnDevice, readRememberOnDevice, () => false);
}
