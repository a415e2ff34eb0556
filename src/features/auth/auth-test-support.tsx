import { LocaleProvider, type Locale } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { AuthGate } from './components/auth-gate';

/** The sign-in gate in `locale`, around a stand-in for the signed-in app that reads "Signed-in content". */
export function renderGateIn(locale: Locale, route = '/') {
  return renderWithProviders(
    <LocaleProvider initial={locale}>
      <AuthGate>
        <p>Signed-in content</p>
      </AuthGate>
    </LocaleProvider>,
    { route },
  );
}
