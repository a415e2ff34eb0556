import { afterEach, describe, expect, it } from 'vitest';
import { createJsonChecker, type JsonChecker } from './json-check';
import type { JsonVerdict } from './json-clean';

const checkers: JsonChecker[] = [];
function checker(inlineMaxBytes?: number): JsonChecker {
  const created = createJsonChecker(inlineMaxBytes);
  checkers.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(checkers.splice(0).map((created) => created.close()));
});

/** Some megabytes of JSON: long enough to parse that the event loop turns while a worker parses it. */
const LARGE = Buffer.from(
  JSON.stringify(Array.from({ length: 60_000 }, (_, id) => ({ id, name: `Group ${id}`, labels: [id, id + 1] }))),
);

describe('createJsonChecker', () => {
  it.each([
    ['a small answer, on the event loop', 1024 * 1024],
    ['an answer over the limit, in a worker', 8],
  ])('tells JSON from what is not: %s', async (_label, inlineMaxBytes) => {
    const check = checker(inlineMaxBytes);
    expect(await check.parses(Buffer.from('[{"id": 1, "name": "ünï"}]'))).toBe(true);
    expect(await check.parses(Buffer.from('{"ok": true}  '))).toBe(true);
    expect(await check.parses(Buffer.from('[{"id": 1, "name": "Ann"'))).toBe(false);
    expect(await check.parses(Buffer.from('<!doctype html><script>alert(1)</script>'))).toBe(false);
    expect(await check.parses(Buffer.from(''))).toBe(false);
  });

  it('checks a large answer in a worker: the event loop goes on meanwhile', async () => {
    const order: string[] = [];
    const checked = checker()
      .parses(LARGE)
      .then((ok) => order.push(`checked ${ok}`));
    setImmediate(() => order.push('event loop'));
    await checked;
    expect(order).toEqual(['event loop', 'checked true']);
  });

  it('keeps the worker for the next check, and answers checks that overlap each in turn', async () => {
    const check = checker();
    const cut = LARGE.subarray(0, LARGE.length - 1);
    expect(await Promise.all([check.parses(LARGE), check.parses(cut), check.parses(LARGE)])).toEqual([
      true,
      false,
      true,
    ]);
    expect(await check.parses(cut)).toBe(false);
  });

  it('still answers the checks in the worker when it is stopped, and starts a new one for the next', async () => {
    const check = checker(8);
    const pending = [check.parses(LARGE), check.parses(Buffer.from('[1, 2'))];
    await check.close();
    expect(await Promise.all(pending)).toEqual([true, false]);
    expect(await check.parses(Buffer.from('[1, 2]'))).toBe(true);
  });

  it.each([
    ['on the event loop', 1024 * 1024],
    ['in a worker', 8],
  ])('takes the token out of values and keys, and says when it cannot: %s', async (_label, inlineMaxBytes) => {
    const check = checker(inlineMaxBytes);
    const token = 'tok-12345678';
    const spellings = [token];
    const text = (verdict: JsonVerdict) => (verdict.kind === 'cleaned' ? new TextDecoder().decode(verdict.text) : null);
    const found = await check.check(
      Buffer.from(`{"a":"x${token}x","${token}":[1,"${token}"],"__proto__":{"b":1}}`),
      spellings,
    );
    expect(text(found)).toBe('{"a":"x[token]x","[token]":[1,"[token]"],"__proto__":{"b":1}}');
    expect(await check.check(Buffer.from('{"a":"nothing"}'), spellings)).toEqual({ kind: 'as_is' });
    expect(await check.check(Buffer.from('{"a":'), spellings)).toEqual({ kind: 'not_json' });
    const deep = `${'['.repeat(20_000)}"${token}"${']'.repeat(20_000)}`;
    expect(await check.check(Buffer.from(deep), spellings)).toEqual({ kind: 'unclean' });
    expect(await check.check(Buffer.from(deep.replace(token, 'other')), spellings)).toEqual({ kind: 'as_is' });
    // Written with JSON's escapes, the token is not in the bytes as they are, but it is in what the browser reads.
    const escaped = [...token].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const hidden = Buffer.from(`{"a":"x${escaped}x","${escaped}":[1]}`);
    expect(text(await check.check(hidden, spellings))).toBe('{"a":"x[token]x","[token]":[1]}');
  });
});
