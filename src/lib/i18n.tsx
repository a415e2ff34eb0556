import { createContext, use, useEffect, useMemo, useState, type ReactNode } from 'react';
import { initialLocale, LOCALE_STORAGE_KEY, type Locale } from './locale';
import { writeText } from './storage';

// The languages and their plural rules are in locale.ts, free of React: the page's first script reads them too.
export { initialLocale, LOCALE_NAMES, LOCALES, plural, type Locale, type PluralForms } from './locale';

interface LocaleState {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleState>({ locale: 'en', setLocale: () => undefined });

export function LocaleProvider({ children, initial }: { children: ReactNode; initial?: Locale }) {
  const [locale, setLocaleState] = useState<Locale>(() => initial ?? initialLocale());
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  const value = useMemo<LocaleState>(
    () => ({
      locale,
      setLocale: (next) => {
        setLocaleState(next);
        writeText(LOCALE_STORAGE_KEY, next); // when it cannot be stored, it still applies
      },
    }),
    [locale],
  );
  return <LocaleContext value={value}>{children}</LocaleContext>;
}

export function useLocale(): LocaleState {
  return use(LocaleContext);
}

/** The current language's catalog out of a feature's pair. */
export function useCatalog<M>(catalogs: Record<Locale, M>): M {
  return catalogs[useLocale().locale];
}
