import type * as z from 'zod/mini';

/**
 * Everything the app keeps in the browser, under one key prefix, in localStorage or sessionStorage. Storage can be
 * missing, full, disabled or edited: a failed read is "nothing stored", a failed write is dropped (and returned).
 */
export type StorageArea = 'local' | 'session';

const PREFIX = 'course-stats.';
/** Some preferences were once kept under this prefix; reading one moves it to the current key. */
const LEGACY_PREFIX = 'course-stats-dashboard:';

/** The key as the browser holds it, e.g. for matching a `storage` event. */
export function storageKey(key: string): string {
  return PREFIX + key;
}

function area(kind: StorageArea): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    // Some browsers throw on the property access itself when storage is blocked.
    return null;
  }
}

export function readText(key: string, kind: StorageArea = 'local'): string | null {
  try {
    const target = area(kind);
    if (!target) return null;
    const legacy = target.getItem(LEGACY_PREFIX + key);
    if (legacy === null) return target.getItem(PREFIX + key);
    // A choice made before the keys were renamed is kept; an old key is removed once read, so one still there is newer.
    target.setItem(PREFIX + key, legacy);
    target.removeItem(LEGACY_PREFIX + key);
    return legacy;
  } catch {
    return null;
  }
}

/** Returns whether the value was stored. */
export function writeText(key: string, value: string, kind: StorageArea = 'local'): boolean {
  try {
    const target = area(kind);
    if (!target) return false;
    target.setItem(PREFIX + key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string, kind: StorageArea = 'local'): void {
  try {
    const target = area(kind);
    target?.removeItem(PREFIX + key);
    target?.removeItem(LEGACY_PREFIX + key);
  } catch {
    // Nothing to do: the value stays, which is what a blocked storage means anyway.
  }
}

/** Calls `listener` when another tab changes or clears the value under `key`; returns what stops listening. */
export function onStoredElsewhere(key: string, listener: () => void): () => void {
  const fullKey = storageKey(key);
  const onStorage = (event: StorageEvent) => {
    if (event.key === fullKey || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

/** A JSON value checked by `schema` on the way in; null when nothing valid is stored. */
export function readStored<S extends z.ZodMiniType>(key: string, schema: S): z.output<S> | null {
  const raw = readText(key);
  if (raw === null) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Stores `value` as JSON; returns whether it was stored. */
export function writeStored(key: string, value: unknown): boolean {
  return writeText(key, JSON.stringify(value));
}

/**
 * What this device remembers about the user's courses beyond one visit, under the keys above: recent courses and
 * saved views show to whoever opens the app here next; "Remember on this device" lets snapshots be kept (if chosen).
 */
export const COURSE_MEMORY_KEYS = {
  recentCourses: 'recent-courses',
  savedViews: 'saved-views',
  rememberOnDevice: 'remember-on-device',
  /** The courses whose offer to keep a snapshot was turned down. */
  snapshotOfferDismissed: 'snapshot-offer-dismissed',
} as const;

/**
 * "Forget this device", for what lives in localStorage: recent courses, saved views and the choice to remember, so
 * nothing is kept again until someone chooses it anew. (Course snapshots live in IndexedDB; their store deletes them.)
 */
export function forgetCourseMemory(): void {
  for (const key of Object.values(COURSE_MEMORY_KEYS)) removeStored(key);
}
