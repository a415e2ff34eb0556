import { isRecord } from './is-record';
import { clear, createStore, delMany, getMany, keys, setMany, type UseStore } from 'idb-keyval';

/**
 * A key-value store in IndexedDB (idb-keyval) that never throws. IndexedDB can be missing (old browser, tests), refused
 * (private windows), full or blocked by another tab: each comes back as `unavailable` with its reason.
 */
export type DeviceStoreReason = 'no-indexeddb' | 'quota' | 'blocked' | 'failed';

export type DeviceResult<T> = { status: 'ok'; value: T } | { status: 'unavailable'; reason: DeviceStoreReason };

type DeviceKey = string | number | Array<string | number>;

export type DeviceStore = ReturnType<typeof openDeviceStore>;

/** An operation that takes longer than this is taken as blocked (another tab holding an old version open, say). */
const DEFAULT_TIMEOUT_MS = 10_000;

export function deviceStoreReason(error: unknown): DeviceStoreReason {
  // By name: a DOMException may come from another realm (a test's fake IndexedDB, an iframe).
  const name = isRecord(error) ? String(error.name) : '';
  if (name === 'ReferenceError') return 'no-indexeddb';
  if (name === 'QuotaExceededError') return 'quota';
  // Firefox's private windows answer the open with InvalidStateError; Safari's with UnknownError or SecurityError.
  if (name === 'InvalidStateError' || name === 'SecurityError' || name === 'UnknownError') return 'blocked';
  return 'failed';
}

function hasIndexedDb(): boolean {
  try {
    return typeof indexedDB !== 'undefined' && indexedDB !== null;
  } catch {
    // Some browsers throw on the access itself when storage is blocked.
    return false;
  }
}

/** The store `storeName` in a database `dbName` of its own (idb-keyval: one store a database), opened on first use. */
export function openDeviceStore(
  dbName: string,
  storeName: string,
  { timeoutMs = DEFAULT_TIMEOUT_MS }: { timeoutMs?: number } = {},
) {
  // Opened against the IndexedDB of the moment: where that is replaced (a test's fresh fake), the store opens anew.
  let opened: { factory: IDBFactory; store: UseStore } | null = null;

  async function run<T>(operation: (use: UseStore) => Promise<T>): Promise<DeviceResult<T>> {
    if (!hasIndexedDb()) return { status: 'unavailable', reason: 'no-indexeddb' };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<DeviceResult<T>>((resolve) => {
      timer = setTimeout(() => resolve({ status: 'unavailable', reason: 'blocked' }), timeoutMs);
    });
    const attempt = (async (): Promise<DeviceResult<T>> => {
      try {
        if (opened?.factory !== indexedDB) opened = { factory: indexedDB, store: createStore(dbName, storeName) };
        return { status: 'ok', value: await operation(opened.store) };
      } catch (error) {
        return { status: 'unavailable', reason: deviceStoreReason(error) };
      }
    })();
    try {
      return await Promise.race([attempt, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    setMany: (entries: Array<[DeviceKey, unknown]>) => run((use) => setMany(entries, use)),
    getMany: (wanted: DeviceKey[]) => run((use) => getMany<unknown>(wanted, use)),
    keys: () => run((use) => keys(use)),
    delMany: (unwanted: DeviceKey[]) => run((use) => delMany(unwanted, use)),
    clear: () => run((use) => clear(use)),
  };
}
