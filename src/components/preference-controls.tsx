import { useId } from 'react';
import { LOCALE_NAMES, LOCALES, isLocale, useCatalog, useLocale } from '@/lib/i18n';
import { isTheme, THEMES, useTheme } from '@/lib/theme';
import { sharedCatalogs } from './shared-strings';

/** The language and theme switches, both remembered on the device. */
export function PreferenceControls() {
  const texts = useCatalog(sharedCatalogs).preferences;
  const { locale, setLocale } = useLocale();
  const [theme, setTheme] = useTheme();
  const languageId = useId();
  const themeId = useId();
  return (
    <div className="preferences">
      <label htmlFor={languageId}>{texts.language}</label>
      <select
        id={languageId}
        className="input"
        value={locale}
        onChange={(event) => {
          if (isLocale(event.target.value)) setLocale(event.target.value);
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
      <label htmlFor={themeId}>{texts.theme}</label>
      <select
        id={themeId}
        className="input"
        value={theme}
        onChange={(event) => {
          if (isTheme(event.target.value)) setTheme(event.target.value);
        }}
      >
        {THEMES.map((option) => (
          <option key={option} value={option}>
            {texts.themes[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
