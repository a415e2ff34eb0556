import type * as z from 'zod/mini';

/**
 * Remembered preferences in localStorage, as JSON checked by a schema on the way in. Storage can be missing,
 * full, disabled or edited by hand: every failure reads as "nothing stored" and a write that fails is dropped.
 */
const PREFIX = 'course-stats-dashboard:';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Some browsers throw on the property access itself when storage is blocked.
    return null;
  }
}

export function readStored<S extends z.ZodMiniType>(key: string, schema: S): z.output<S> | null {
  try {
    const raw = storage()?.getItem(PREFIX + key);
    if (raw === null || raw === undefined) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Returns whether the value was stored. */
export function writeStored(key: string, value: unknown): boolean {
  try {
    const target = storage();
    if (!target) return false;
    target.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    storage()?.removeItem(PREFIX + key);
  } catch {
    // Nothing to do: the value stays, which is what a blocked storage means anyway.
  }
}
