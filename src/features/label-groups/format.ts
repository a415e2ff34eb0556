import type { Locale } from '@/lib/i18n';

type DateStyle = 'day' | 'dateTime';

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  day: { dateStyle: 'medium' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
};

// Building a formatter is slow next to using one, and a tree shows many dates: one per locale and style.
const formatters = new Map<string, Intl.DateTimeFormat>();

function format(locale: Locale, style: DateStyle, iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${locale}:${style}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // No timeZone option: the user's own time zone.
    formatter = new Intl.DateTimeFormat(locale, OPTIONS[style]);
    formatters.set(key, formatter);
  }
  return formatter.format(date);
}

/** "1 Mar 2026" / "1 мар. 2026 г." in the interface's language; the ISO text itself when it is not a date. */
export function formatDay(locale: Locale, iso: string): string {
  return format(locale, 'day', iso);
}

/** "1 Mar 2026, 11:00" in the interface's language and the user's time zone. */
export function formatDateTime(locale: Locale, iso: string): string {
  return format(locale, 'dateTime', iso);
}
