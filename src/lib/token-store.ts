import { onStoredElsewhere, readText, removeStored, storageKey, writeText, type StorageArea } from './storage';

/** The token: in sessionStorage, or localStorage if remembered; read at request time, never in a query key or URL. */
const KEY = 'token';
/** When the token expires (epoch ms), beside it in the same storage area; absent when nobody said. */
const EXPIRES_KEY = 'token-expires-at';
/** The public half of the API keys last used to sign in, to fill in next time. Never the secret. */
const CLIENT_ID_KEY = 'client-id';

/** The key the browser keeps the token under (the tests look there). */
export const TOKEN_STORAGE_KEY = storageKey(KEY);

// Not storedValueListeners: index.html's first script carries a copy of this module, where every byte counts.
type Listener = () => void;
const listeners = new Set<Listener>();

/** The token when the browser will not store it (privacy mode, sandboxed frame): kept for this page only. */
let memoryToken: string | null = null;
let memoryExpiresAt: number | null = null;

/** The storage area holding the token: this tab's first, as getToken reads it. */
function tokenArea(): StorageArea | null {
  if (readText(KEY, 'session') !== null) return 'session';
  return readText(KEY, 'local') !== null ? 'local' : null;
}

export function getToken(): string | null {
  return readText(KEY, 'session') ?? readText(KEY, 'local') ?? memoryToken;
}

/** Stores the token (with its expiry in epoch ms, when known) in sessionStorage, or localStorage when remembered. */
export function setToken(token: string, remember: boolean, expiresAt: number | null = null): void {
  clearStorages();
  const area = remember ? 'local' : 'session';
  if (!writeText(KEY, token, area)) {
    memoryToken = token;
    memoryExpiresAt = expiresAt;
  } else if (expiresAt !== null) {
    writeText(EXPIRES_KEY, String(expiresAt), area);
  }
  notify();
}

/** When the current token expires (epoch ms), or null when that is not known. */
export function getTokenExpiry(): number | null {
  const area = tokenArea();
  if (area === null) return memoryToken ? memoryExpiresAt : null;
  const raw = readText(EXPIRES_KEY, area);
  const value = raw === null ? Number.NaN : Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Keeps the Client ID of the keys just used, beside where the token went (it is public, unlike the secret). */
export function rememberClientId(clientId: string, remember: boolean): void {
  removeStored(CLIENT_ID_KEY, 'session');
  removeStored(CLIENT_ID_KEY, 'local');
  writeText(CLIENT_ID_KEY, clientId, remember ? 'local' : 'session');
}

/** The Client ID of the last sign-in with API keys, or null. */
export function readClientId(): string | null {
  return readText(CLIENT_ID_KEY, 'session') ?? readText(CLIENT_ID_KEY, 'local');
}

export function clearToken(): void {
  clearStorages();
  notify();
}

export function isRemembered(): boolean {
  return readText(KEY, 'local') !== null;
}

/**
 * Calls `listener` when the token changes here, or in another tab signing out (or in) with "remember". Listening starts
 * with the subscription, so evaluating this module (index.html's first script has a copy) adds no listener to the page.
 */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  const stopFollowing = onStoredElsewhere(KEY, listener);
  return () => {
    listeners.delete(listener);
    stopFollowing();
  };
}

function clearStorages(): void {
  memoryToken = null;
  memoryExpiresAt = null;
  for (const key of [KEY, EXPIRES_KEY]) {
    removeStored(key, 'session');
    removeStored(key, 'local');
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}
