// Display formatting for the screens: each function takes its locale (and time zone) as an optional argument for tests.

/** What a value that cannot be shown is displayed as. */
export const NO_VALUE = '—';

export interface FormatLocaleOptions {
  locale?: string | undefined;
  timeZone?: string | undefined;
}

/** Intl formatters are costly to build and a scrolling table formats cells every frame: one per locale and options. */
function memoize<O extends object, F>(build: (locale: string | undefined, options: O) => F) {
  const cache = new Map<string, F>();
  return (locale: string | undefined, options: O): F => {
    const key = `${locale ?? ''}|${JSON.stringify(options)}`;
    let formatter = cache.get(key);
    if (formatter === undefined) {
      formatter = build(locale, options);
      cache.set(key, formatter);
    }
    return formatter;
  };
}

export const dateTimeFormat = memoize(
  (locale, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);
const numberFormat = memoize((locale, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options));
export const pluralRules = memoize((locale, options: Intl.PluralRulesOptions) => new Intl.PluralRules(locale, options));
const relativeTimeFormat = memoize(
  (locale, options: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locale, options),
);

/** Milliseconds since the epoch, or null for anything Date cannot read. */
export function parseTimestamp(iso: string | null | undefined): number | null {
  if (iso === null || iso === undefined || iso.trim() === '') return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : time;
}

const formatMoment =
  (timeStyle?: 'short') =>
  (iso: string | null | undefined, { locale, timeZone }: FormatLocaleOptions = {}): string => {
    const time = parseTimestamp(iso);
    return time === null ? NO_VALUE : dateTimeFormat(locale, { dateStyle: 'medium', timeStyle, timeZone }).format(time);
  };

/** Local date, e.g. "Dec 1, 2026"; NO_VALUE for an unreadable value. */
export const formatDate = formatMoment();

/** Local date and time, e.g. "Dec 1, 2026, 6:00 PM"; NO_VALUE for an unreadable value. */
export const formatDateTime = formatMoment('short');

const RELATIVE_STEPS: ReadonlyArray<{ unit: Intl.RelativeTimeFormatUnit; seconds: number; upTo: number }> = [
  { unit: 'second', seconds: 1, upTo: 45 },
  { unit: 'minute', seconds: 60, upTo: 45 * 60 },
  { unit: 'hour', seconds: 3600, upTo: 22 * 3600 },
  { unit: 'day', seconds: 86_400, upTo: 26 * 86_400 },
  { unit: 'month', seconds: 30 * 86_400, upTo: 320 * 86_400 },
  { unit: 'year', seconds: 365 * 86_400, upTo: Number.POSITIVE_INFINITY },
];

/** "3 days ago", "yesterday", "in 2 hours" from `now` (epoch ms); under 45 s is "now"; NO_VALUE if unreadable. */
export function formatRelativeTime(iso: string | null | undefined, now: number, locale?: string): string {
  const time = parseTimestamp(iso);
  if (time === null || !Number.isFinite(now)) return NO_VALUE;
  const diffSeconds = (time - now) / 1000;
  const distance = Math.abs(diffSeconds);
  const formatter = relativeTimeFormat(locale, { numeric: 'auto' });
  if (distance < 45) return formatter.format(0, 'second');
  const step =
    RELATIVE_STEPS.find((candidate) => distance < candidate.upTo) ?? RELATIVE_STEPS[RELATIVE_STEPS.length - 1];
  if (!step) return NO_VALUE;
  const amount = Math.round(diffSeconds / step.seconds);
  // Math.round(-0.4) is -0, which Intl writes as "0 ... ago"; keep the sign of the difference instead.
  return formatter.format(amount === 0 ? Math.sign(diffSeconds) : amount, step.unit);
}

const DURATION_UNITS: ReadonlyArray<{ label: string; seconds: number }> = [
  { label: 'd', seconds: 86_400 },
  { label: 'h', seconds: 3600 },
  { label: 'min', seconds: 60 },
  { label: 's', seconds: 1 },
];

/**
 * A human duration from seconds, with the two largest units that are not zero: "45 s", "1 h 5 min", "2 d 3 h".
 * Fractions are rounded to the second (under half a second is "< 1 s"); negative, NaN and infinite are NO_VALUE.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return NO_VALUE;
  if (seconds === 0) return '0 s';
  let rest = Math.round(seconds);
  if (rest === 0) return '< 1 s';
  const parts: string[] = [];
  for (const unit of DURATION_UNITS) {
    const amount = Math.floor(rest / unit.seconds);
    rest -= amount * unit.seconds;
    if (amount > 0) parts.push(`${amount} ${unit.label}`);
    else if (parts.length > 0) break;
    if (parts.length === 2) break;
  }
  return parts.join(' ');
}

/** A percentage held to 0..100; anything that is not a finite number counts as 0. */
export function clampPercent(value: number | null | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** "42%", rounded to a whole number; NO_VALUE for no value. */
export function formatPercent(value: number | null | undefined, locale?: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100);
}

/** A number the locale's way ("1,234" / "1 234"), one decimal at most unless `options` say so; NO_VALUE for none. */
export function formatNumber(
  value: number | null | undefined,
  locale?: string,
  options: Intl.NumberFormatOptions = { maximumFractionDigits: 1 },
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NO_VALUE;
  return numberFormat(locale, options).format(value);
}
