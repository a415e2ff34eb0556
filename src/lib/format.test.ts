// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  clampPercent,
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  NO_VALUE,
  parseTimestamp,
} from './format';

describe('formatDuration (seconds)', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [59.6, '1 min'],
    [90, '1 min 30 s'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
    [3905, '1 h 5 min'],
    [86_400 * 2 + 3 * 3600, '2 d 3 h'],
    [86_400 + 5, '1 d'],
    [44.4, '44 s'],
    [0.4, '< 1 s'],
  ])('%s s is "%s"', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [undefined]])('%s has no duration', (value) => {
    expect(formatDuration(value)).toBe(NO_VALUE);
  });
});

describe('clampPercent', () => {
  it.each([
    [50, 50],
    [-10, 0],
    [140, 100],
    [0, 0],
    [100, 100],
    [33.5, 33.5],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [null, 0],
  ])('%s becomes %s', (value, expected) => {
    expect(clampPercent(value)).toBe(expected);
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-11-13T12:00:00Z');

  it.each([
    ['2026-11-13T11:59:40Z', 'now'],
    ['2026-11-13T11:55:00Z', '5 minutes ago'],
    ['2026-11-13T09:00:00Z', '3 hours ago'],
    ['2026-11-12T12:00:00Z', 'yesterday'],
    ['2026-11-10T12:00:00Z', '3 days ago'],
    ['2026-08-13T12:00:00Z', '3 months ago'],
    ['2024-11-13T12:00:00Z', '2 years ago'],
    ['2026-11-15T12:00:00Z', 'in 2 days'],
    ['2026-11-13T15:00:00+03:00', 'now'],
  ])('%s is "%s"', (iso, expected) => {
    expect(formatRelativeTime(iso, now, 'en-US')).toBe(expected);
  });

  it.each([[null], [''], ['not a date']])('%j has no relative time', (iso) => {
    expect(formatRelativeTime(iso, now, 'en-US')).toBe(NO_VALUE);
  });
});

describe('formatDateTime', () => {
  it('writes the local date and time in the given zone', () => {
    expect(formatDateTime('2026-12-01T18:00:00+03:00', { locale: 'en-US', timeZone: 'UTC' })).toBe(
      'Dec 1, 2026, 3:00 PM',
    );
    expect(formatDateTime('2026-12-01T18:00:00+03:00', { locale: 'en-US', timeZone: 'Europe/Moscow' })).toBe(
      'Dec 1, 2026, 6:00 PM',
    );
  });

  it('has no value for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe(NO_VALUE);
    expect(formatDateTime('soon')).toBe(NO_VALUE);
  });
});

describe('formatDate', () => {
  it('writes the day in the locale and the time zone given', () => {
    expect(formatDate('2026-12-01T23:30:00Z', { locale: 'en-US', timeZone: 'UTC' })).toBe('Dec 1, 2026');
    expect(formatDate('2026-12-01T23:30:00Z', { locale: 'en-US', timeZone: 'Europe/Moscow' })).toBe('Dec 2, 2026');
    expect(formatDate('2026-03-01T08:00:00Z', { locale: 'ru', timeZone: 'UTC' })).toBe('1 мар. 2026 г.');
  });

  it('has no value for a missing or unreadable date', () => {
    expect(formatDate(undefined)).toBe(NO_VALUE);
    expect(formatDate('')).toBe(NO_VALUE);
    expect(formatDate('soon')).toBe(NO_VALUE);
  });
});

describe('numbers', () => {
  it('formats percentages and plain numbers', () => {
    expect(formatPercent(42.4, 'en-US')).toBe('42%');
    expect(formatPercent(null)).toBe(NO_VALUE);
    expect(formatNumber(45.25, 'en-US')).toBe('45.3');
    expect(formatNumber(1200, 'en-US')).toBe('1,200');
    expect(formatNumber(Number.NaN)).toBe(NO_VALUE);
  });

  it("writes numbers the locale's way, whatever the browser's locale", () => {
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1234, 'ru')).toBe('1\u00a0234');
    expect(formatNumber(1234.56, 'ru')).toBe('1\u00a0234,6');
    expect(formatNumber(null, 'ru')).toBe(NO_VALUE);
    expect(formatNumber(undefined)).toBe(NO_VALUE);
    expect(formatNumber(Number.POSITIVE_INFINITY, 'en')).toBe(NO_VALUE);
  });

  it('takes units and precision from its options', () => {
    expect(formatNumber(0.424, 'en', { style: 'percent', maximumFractionDigits: 0 })).toBe('42%');
    expect(formatNumber(0.424, 'ru', { style: 'percent', maximumFractionDigits: 0 })).toBe('42\u00a0%');
    expect(formatNumber(1.23456, 'en', { maximumFractionDigits: 3 })).toBe('1.235');
    expect(formatNumber(90, 'en', { style: 'unit', unit: 'second', unitDisplay: 'short' })).toBe('90 sec');
    expect(formatPercent(42.4, 'ru')).toBe('42\u00a0%');
  });

  it('parses timestamps and refuses blanks', () => {
    expect(parseTimestamp('2026-01-01T00:00:00Z')).toBe(Date.UTC(2026, 0, 1));
    expect(parseTimestamp('  ')).toBeNull();
    expect(parseTimestamp(undefined)).toBeNull();
  });
});
