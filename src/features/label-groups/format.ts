import { formatDate, formatDateTime, parseTimestamp } from '@/lib/format';
import type { Locale } from '@/lib/i18n';

// A group's dates are shown in the interface's language and the user's time zone. What the API sent that is not a
// date is shown as it came, not as a dash: the tree and the details panel let the user see what the data holds.

/** "1 Mar 2026" / "1 мар. 2026 г."; the text itself when it is not a date. */
export function dayOrRaw(locale: Locale, iso: string): string {
  return parseTimestamp(iso) === null ? iso : formatDate(iso, { locale });
}

/** "1 Mar 2026, 11:00"; the text itself when it is not a date. */
export function dateTimeOrRaw(locale: Locale, iso: string): string {
  return parseTimestamp(iso) === null ? iso : formatDateTime(iso, { locale });
}
