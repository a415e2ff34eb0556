import { useSyncExternalStore } from 'react';
import { COURSE_MEMORY_KEYS, onStoredElsewhere, readText, writeText } from './storage';

/**
 * "Remember on this device": the one consent for keeping what is read about learners beyond the tab (snapshots, the
 * overview's figures), off unless chosen; shared state, in step across tabs. Each store says what it deletes.
 */
export function readRememberOnDevice(): boolean {
  return readText(COURSE_MEMORY_KEYS.rememberOnDevice) === 'true';
}

const rememberListeners = new Set<() => void>();

/** Tells every place showing the choice that it may have changed (after "Forget this device", say). */
export function rememberOnDeviceChanged(): void {
  for (const listener of rememberListeners) listener();
}

/** Calls `listener` whenever the choice may have changed, in this tab or another; returns the unsubscribe. */
export function subscribeRememberOnDevice(listener: () => void): () => void {
  rememberListeners.add(listener);
  const stopListening = onStoredElsewhere(COURSE_MEMORY_KEYS.rememberOnDevice, listener);
  return () => {
    rememberListeners.delete(listener);
    stopListening();
  };
}

/** Sets the choice here; returns whether it was stored: with localStorage blocked it lasts this visit only. */
export function setRememberOnDevice(remember: boolean): boolean {
  const stored = writeText(COURSE_MEMORY_KEYS.rememberOnDevice, String(remember));
  rememberOnDeviceChanged();
  return stored;
}

export function useRememberOnDevice(): boolean {
  return useSyncExternalStore(subscribeRememberOnDevice, readRememberOnDevice, () => false);
}
