/**
 * Warms up Intl while the main thread would otherwise sit idle, waiting for the app's code to arrive: the page's
 * first script (app/screen-preload.ts) runs it in a task of its own, after the screen's first request has left.
 *
 * The first Intl formatter a page builds is slow: the browser then loads its locale data (available locales,
 * number and date patterns), 25-60 ms on a fast machine and several times that on a phone, in one piece. Left to
 * the app, that happens in the middle of rendering the first rows, as part of one long task. Built here first,
 * the app's own formatters (src/lib/format.ts) cost a fraction of a millisecond each.
 *
 * It imports nothing, so that it never waits for the app's code: the languages are written out here (a test holds
 * them to LOCALES in i18n.tsx).
 */
export const WARMED_UP_LOCALES = ['en', 'ru'] as const;

export function warmUpIntl(): void {
  for (const locale of [...WARMED_UP_LOCALES, undefined]) {
    new Intl.NumberFormat(locale).formatToParts(1234.5);
    new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(0.5);
    new Intl.PluralRules(locale).select(2);
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(0);
    new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }).format(-3, 'day');
  }
}
