import { readText, removeStored, storageKey, writeText } from './storage';

/**
 * Where the user's access token lives: sessionStorage by default, localStorage only when the user asked to be
 * remembered. The API client reads it at request time, so it never becomes part of a query key or a URL.
 */
const KEY = 'token';

/** The key the browser keeps the token under (the tests look there). */
export const TOKEN_STORAGE_KEY = storageKey(KEY);

type Listener = () => void;
const listeners = new Set<Listener>();

/** The token when the browser will not store it (privacy mode, sandboxed frame): kept for this page only. */
let memoryToken: string | null = null;

export function getToken(): string | null {
  return readText(KEY, 'session') ?? readText(KEY, 'local') ?? memoryToken;
}

export function setToken(token: string, remember: boolean): void {
  clearStorages();
  if (!writeText(KEY, token, remember ? 'local' : 'session')) memoryToken = token;
  notify();
}

export function clearToken(): void {
  clearStorages();
  notify();
}

export function isRemembered(): boolean {
  return readText(KEY, 'local') !== null;
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function clearStorages(): void {
  memoryToken = null;
  removeStored(KEY, 'session');
  removeStored(KEY, 'local');
}

function notify(): void {
  for (const listener of listeners) listener();
}

// Another tab signing out (or in) with "remember" changes localStorage; follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) notify();
  });
}
