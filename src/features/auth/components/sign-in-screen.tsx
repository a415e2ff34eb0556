import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PreferenceControls } from '@/components/preference-controls';
import { sharedCatalogs } from '@/components/shared-strings';
import { useCatalog } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/use-after-paint';
import { readClientId } from '@/lib/token-store';
import { serverConfigQuery } from '../api/server-config-query';
import { readSignOutReason } from '../session';
import { authCatalogs } from '../strings';
import { ApiKeysForm } from './api-keys-form';
import { SignInAlert } from './sign-in-form';
import { SignInTabs } from './sign-in-tabs';
import { TokenForm } from './token-form';
import './sign-in.css';

type WayIn = 'token' | 'keys';

/**
 * Shown in place of any route while there is no token; the URL is left alone, so once the token is stored the
 * app renders the page the user asked for, search parameters and all.
 */
export function SignInScreen() {
  const texts = useCatalog(authCatalogs);
  const { brand } = useCatalog(sharedCatalogs);
  // Whoever signed in with API keys last time comes back to them, the Client ID filled in.
  const [wayIn, setWayIn] = useState<WayIn>(() => (readClientId() !== null ? 'keys' : 'token'));
  const [remember, setRemember] = useState(false);
  const [signedOutReason] = useState(readSignOutReason);
  const [attempted, setAttempted] = useState(false);
  // What the server is (demo or proxy) adds a note; the form is usable without it, so it is asked for once the
  // screen is painted, not alongside the code the first paint needs.
  const painted = useAfterPaint();
  const config = useQuery({ ...serverConfigQuery(), enabled: painted });

  const demo = config.data?.mode === 'demo' ? config.data : null;
  const reason = attempted ? null : signedOutReason;
  const rememberControl = (
    <label className="sign-in-remember">
      <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
      {texts.remember}
    </label>
  );
  const onAttempt = () => setAttempted(true);

  return (
    <main className="sign-in" id="main">
      <div className="sign-in-card">
        <h1>{brand}</h1>
        <p className="muted">{texts.intro}</p>
        {reason && <SignInAlert {...texts[reason]} />}
        <SignInTabs
          label={texts.waysIn}
          tabs={[
            { key: 'token', label: texts.tabToken },
            { key: 'keys', label: texts.tabKeys },
          ]}
          selected={wayIn}
          onSelect={setWayIn}
        >
          {wayIn === 'token' ? (
            <TokenForm
              remember={remember}
              rememberControl={rememberControl}
              demoToken={demo ? demo.demoToken : null}
              onAttempt={onAttempt}
            />
          ) : (
            <ApiKeysForm remember={remember} rememberControl={rememberControl} onAttempt={onAttempt} />
          )}
        </SignInTabs>
        {/* Below the forms: it arrives after the first paint, and above them it pushed the Sign in button down,
            under the pointer of whoever was about to press it. */}
        {demo && (
          <div className="alert alert-info">
            <p className="alert-title">{texts.demoTitle}</p>
            <p>{texts.demoText}</p>
          </div>
        )}
        {config.data?.mode === 'proxy' && (
          <p className="muted">
            {texts.connectedTo} <strong>{config.data.upstreamHost}</strong>.
          </p>
        )}
        <PreferenceControls />
      </div>
    </main>
  );
}
