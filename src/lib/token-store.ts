/**
 * Where the user's access token lives: sessionStorage by default, localStorage only when the user asked to be
 * remembered. The API client reads it at request time, so it never becomes part of a query key or a URL.
 */
const KEY = 'course-stats.token';

type Listener = () => void;
const listeners = new Set<Listener>();

function safeStorage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

let memoryToken: string | null = null;

export function getToken(): string | null {
  return safeStorage('session')?.getItem(KEY) ?? safeStorage('local')?.getItem(KEY) ?? memoryToken;
}

export function setToken(token: string, remember: boolean): void {
  clearStorages();
  const storage = safeStorage(remember ? 'local' : 'session');
  if (storage) {
    try {
      storage.setItem(KEY, token);
    } catch {
      memoryToken = token;
    }
  } else {
    memoryToken = token;
  }
  notify();
}

export function clearToken(): void {
  clearStorages();
  notify();
}

export function isRemembered(): boolean {
  const stored = safeStorage('local')?.getItem(KEY);
  return typeof stored === 'string';
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function clearStorages(): void {
  memoryToken = null;
  safeStorage('session')?.removeItem(KEY);
  safeStorage('local')?.removeItem(KEY);
}

function notify(): void {
  for (const listener of listeners) listener();
}

// Another tab signing out (or in) with "remember" changes localStorage; follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === KEY || event.key === null) notify();
  });
}
