const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function format(formatter: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatter.format(date);
}

/** "1 Mar 2026" in the user's locale; the ISO text itself when it is not a date. */
export function formatDay(iso: string): string {
  return format(dayFormat, iso);
}

/** "1 Mar 2026, 11:00" in the user's locale and time zone. */
export function formatDateTime(iso: string): string {
  return format(dateTimeFormat, iso);
}

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? noun : pluralNoun}`;
}
