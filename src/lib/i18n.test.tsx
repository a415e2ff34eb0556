// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { initialLocale, plural } from './i18n';

describe('initialLocale', () => {
  it('prefers a stored choice', () => {
    expect(initialLocale('ru', ['en-US'])).toBe('ru');
  });

  it('falls back to the first browser language it knows', () => {
    expect(initialLocale(null, ['de-DE', 'ru-RU', 'en'])).toBe('ru');
    expect(initialLocale('xx', ['en-GB'])).toBe('en');
  });

  it('is English when nothing matches', () => {
    expect(initialLocale(null, ['fr', 'de'])).toBe('en');
  });
});

describe('plural', () => {
  const ru = { one: '# строка', few: '# строки', many: '# строк', other: '# строки' };
  const en = { one: '# row', other: '# rows' };

  it.each([
    [1, '1 строка'],
    [2, '2 строки'],
    [5, '5 строк'],
    [11, '11 строк'],
    [21, '21 строка'],
    [22, '22 строки'],
    [1.5, '1,5 строки'],
  ])('picks the Russian form for %s', (count, expected) => {
    expect(plural('ru', count, ru)).toBe(expected);
  });

  it('writes English counts with grouping', () => {
    expect(plural('en', 1, en)).toBe('1 row');
    expect(plural('en', 10000, en)).toBe('10,000 rows');
  });

  it('groups Russian thousands with a no-break space', () => {
    expect(plural('ru', 10000, ru)).toBe('10\u00a0000 строк');
  });
});
