import { formatNumber, pluralRules } from './format';
import { readText } from './storage';

/** Interface languages; each feature keeps its catalogs (Russian typed against English: a missing key fails types). */
export const LOCALES = ['en', 'ru'] as const;
export type Locale = (typeof LOCALES)[number];

export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский' };

export const LOCALE_STORAGE_KEY = 'locale';

/** The stored choice, else the first of the browser's languages we have, else English. */
export function initialLocale(
  stored: string | null = readText(LOCALE_STORAGE_KEY),
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Locale {
  const wanted = [stored, ...languages.map((language) => language.toLowerCase().split('-')[0])];
  const known = wanted.map((code) => LOCALES.find((locale) => locale === code));
  return known.find((locale) => locale !== undefined) ?? 'en';
}

export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

/**
 * The form of `forms` that the locale's plural rules pick for `count`, with `#` replaced by the count written
 * the locale's way: plural('ru', 3, { one: '# строка', few: '# строки', many: '# строк', other: '# строки' }).
 */
export function plural(locale: Locale, count: number, forms: PluralForms): string {
  const form = forms[pluralRules(locale, {}).select(count)] ?? forms.other;
  return form.replace(/#/g, formatNumber(count, locale));
}
