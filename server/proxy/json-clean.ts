// The check every upstream answer passes before it reaches the browser: does it parse as JSON, and does it quote the
// token? It runs on the event loop for small answers and in a worker thread for large ones (json-check.ts), so it
// imports nothing: the worker loads this file by itself.
//
// An answer may quote the request it answers, token and all: an error that echoes the URL it was asked
// (access_token=...), or data that holds it (a certificate link, an odd field). Whatever the status, the token is
// taken out of every string, keys included, before the browser can show it, write it to a CSV or make a link of it.

const PLACEHOLDER = '[token]';

/** What the check found. */
export type JsonVerdict =
  /** JSON without the token: the bytes go on as they came. */
  | { kind: 'as_is' }
  /** JSON that held the token: this text goes on instead, the token replaced by [token]. */
  | { kind: 'cleaned'; text: Uint8Array }
  | { kind: 'not_json' }
  /** JSON that holds the token, nested too deep to be written again without it: nothing of it may go on. */
  | { kind: 'unclean' };

function holdsToken(text: string, spellings: readonly string[]): boolean {
  return spellings.some((spelling) => text.includes(spelling));
}

/** spellings come longest first (tokenSpellings), so a spelling that contains another is replaced whole. */
function scrubText(text: string, spellings: readonly string[]): string {
  let result = text;
  for (const spelling of spellings) result = result.split(spelling).join(PLACEHOLDER);
  return result;
}

function isContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

/**
 * Takes the token out of a parsed value, in place; true when it was there. Iterative, with a stack of its own: an
 * answer nested thousands of levels deep would overflow the call stack of a recursive walk.
 */
function scrubInPlace(root: Record<string, unknown> | unknown[], spellings: readonly string[]): boolean {
  let found = false;
  const clean = (value: unknown): unknown => {
    if (typeof value === 'string' && holdsToken(value, spellings)) {
      found = true;
      return scrubText(value, spellings);
    }
    if (isContainer(value)) pending.push(value);
    return value;
  };
  const pending: Array<Record<string, unknown> | unknown[]> = [root];
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    if (Array.isArray(container)) {
      for (let index = 0; index < container.length; index += 1) container[index] = clean(container[index]);
      continue;
    }
    const keys = Object.keys(container);
    const renamed = keys.some((key) => holdsToken(key, spellings));
    if (renamed) found = true;
    // defineProperty, not assignment: a key "__proto__" from JSON.parse is data, never the prototype.
    const define = (object: object, key: string, value: unknown) =>
      Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
    if (renamed) {
      // Every key taken out and put back, in order, so the answer keeps its order.
      const entries = keys.map((key) => [scrubText(key, spellings), container[key]] as const);
      for (const key of keys) Reflect.deleteProperty(container, key);
      for (const [key, value] of entries) define(container, key, clean(value));
      continue;
    }
    for (const key of keys) {
      const value = container[key];
      const cleaned = clean(value);
      if (cleaned !== value) define(container, key, cleaned);
    }
  }
  return found;
}

/**
 * Whether bytes parse as JSON, and if so, whether they hold the token in one of its spellings (longest first, as
 * tokenSpellings gives them; none: nothing is looked for).
 */
export function checkJson(bytes: Uint8Array, spellings: readonly string[]): JsonVerdict {
  const text = new TextDecoder().decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'not_json' };
  }
  if (spellings.length === 0) return { kind: 'as_is' };
  // With no escape in the text, every string in it, keys too, reads as the text does between its quotes: a token
  // that is nowhere in the text is in none of them, and the walk below (a third of the check's time on a page of
  // statistics) would find nothing. An escape (\u0074, \/) can spell the token where the text does not: then walk.
  if (!text.includes('\\') && !holdsToken(text, spellings)) return { kind: 'as_is' };
  let cleaned: unknown;
  if (typeof value === 'string') {
    if (!holdsToken(value, spellings)) return { kind: 'as_is' };
    cleaned = scrubText(value, spellings);
  } else if (isContainer(value)) {
    if (!scrubInPlace(value, spellings)) return { kind: 'as_is' };
    cleaned = value;
  } else {
    return { kind: 'as_is' };
  }
  try {
    // TextEncoder gives a buffer of its own, which the worker can hand over without a copy.
    return { kind: 'cleaned', text: new TextEncoder().encode(JSON.stringify(cleaned)) };
  } catch {
    // JSON.stringify recurses: thousands of levels overflow its stack (a RangeError).
    return { kind: 'unclean' };
  }
}
