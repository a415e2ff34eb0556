import { describe, expect, it } from 'vitest';
import { parsePositiveInt, parseQueryString, rawQueryOf } from './query-string';

describe('parsePositiveInt', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('reads %s', (text, value) => {
    expect(parsePositiveInt(text)).toBe(value);
  });

  const refused = ['', '0', '01', '+1', '-1', ' 1', '1 ', '1.0', '1.5', '1e3', '0x10', 'abc', '１', '9007199254740992'];
  it.each([...refused, '1'.repeat(400)])('refuses %j', (text) => {
    expect(parsePositiveInt(text)).toBeNull();
  });
});

describe('parseQueryString', () => {
  it('decodes names and values, keeps repeats and order', () => {
    const parsed = parseQueryString(rawQueryOf('/x?a=1&b=x+y&a=2&c&access%5Ftoken=t&&d=%E2%9C%93'));
    expect(parsed).toEqual({
      ok: true,
      params: new Map([
        ['a', ['1', '2']],
        ['b', ['x y']],
        ['c', ['']],
        ['access_token', ['t']],
        ['d', ['✓']],
      ]),
    });
  });

  it('refuses malformed percent-encoding', () => {
    for (const raw of ['a=%zz', '%=1', 'a=%E0%A4%A', 'a=%']) expect(parseQueryString(raw).ok, raw).toBe(false);
  });

  it('treats names like __proto__ as plain names', () => {
    const parsed = parseQueryString('__proto__=1&constructor=2');
    expect(parsed.ok && [...parsed.params.keys()]).toEqual(['__proto__', 'constructor']);
  });
});
