import { LOCALE_NAMES, LOCALES, useCatalog, useLocale } from '@/lib/i18n';
import { THEMES } from '@/lib/theme';
import { useTheme } from '@/lib/use-theme';
import { LabelledSelect } from './labelled-select';
import { sharedCatalogs } from './shared-strings';

/** The language and theme switches, both remembered on the device. */
export function PreferenceControls() {
  const texts = useCatalog(sharedCatalogs).preferences;
  const { locale, setLocale } = useLocale();
  const [theme, setTheme] = useTheme();
  return (
    <div className="preferences">
      <LabelledSelect
        label={texts.language}
        value={locale}
        // Each language's name in that language.
        options={LOCALES.map((option) => ({ value: option, label: LOCALE_NAMES[option], lang: option }))}
        onChange={setLocale}
      />
      <LabelledSelect
        label={texts.theme}
        value={theme}
        options={THEMES.map((option) => ({ value: option, label: texts.themes[option] }))}
        onChange={setTheme}
      />
    </div>
  );
}
