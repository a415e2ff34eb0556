import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { dateTimeFormat } from '@/lib/format';
import { useCatalog, useLocale } from '@/lib/i18n';
import { getTokenExpiry } from '@/lib/token-store';
import { expiryStage, msUntilNextStage } from '../expiry';
import { signOut } from '../session';
import { authCatalogs } from '../strings';
import { useToken } from '../use-token';
import './session-expiry.css';

/**
 * Watches the token's known expiry (from API keys; a pasted token has none): a few minutes before, a polite banner says
 * when, with a way to sign in again; at expiry the sign-in screen opens in place, keeping the address and the view.
 */
export function SessionExpiryBanner() {
  const queryClient = useQueryClient();
  const texts = useCatalog(authCatalogs);
  const { locale } = useLocale();
  const token = useToken();
  const expiresAt = token === null ? null : getTokenExpiry();
  const [now, setNow] = useState(Date.now);

  useEffect(() => {
    if (expiresAt === null) return undefined;
    const timer = setTimeout(
      () => {
        const at = Date.now();
        if (expiryStage(expiresAt, at) === 'expired') signOut(queryClient, 'expired');
        else setNow(at);
      },
      msUntilNextStage(expiresAt, Date.now()),
    );
    // A device waking from sleep runs late timers late: look at the clock when the page is shown again.
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [expiresAt, now, queryClient]);

  const expiring = expiresAt !== null && expiryStage(expiresAt, now) === 'expiring';
  return (
    <div role="status" className={expiring ? 'session-expiry-banner' : undefined}>
      {expiring && (
        <>
          <span>
            {texts.expiresAt(dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(expiresAt))}
          </span>{' '}
          <button type="button" className="button" onClick={() => signOut(queryClient)}>
            {texts.signInAgain}
          </button>
        </>
      )}
    </div>
  );
}
