// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/format';
import { dateTimeOrRaw, dayOrRaw } from './strings';

describe("a group's dates", () => {
  it('are written in the interface language', () => {
    const iso = '2026-03-01T08:00:00Z';
    expect(dayOrRaw('ru', iso)).toBe(formatDate(iso, { locale: 'ru' }));
    expect(dateTimeOrRaw('en', iso)).toBe(formatDateTime(iso, { locale: 'en' }));
    expect(dayOrRaw('en', iso)).toMatch(/2026/);
  });

  it('show what the API sent when it is not a date', () => {
    expect(dayOrRaw('en', 'yesterday')).toBe('yesterday');
    expect(dateTimeOrRaw('ru', '2026-13-45')).toBe('2026-13-45');
  });
});
