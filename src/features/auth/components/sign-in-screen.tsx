import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { PreferenceControls } from '@/components/preference-controls';
import { sharedCatalogs } from '@/components/shared-strings';
import { TabList } from '@/components/tab-list';
import { useCatalog } from '@/lib/i18n';
import { useAfterPaint } from '@/lib/use-after-paint';
import { readClientId } from '@/lib/token-store';
import { serverConfigQuery } from '@/course/server-config-query';
import { readSignOutReason } from '../session';
import { authCatalogs } from '../strings';
import { ApiKeysForm } from './api-keys-form';
import { TokenForm } from './token-form';
import './sign-in.css';

const WAYS_IN = ['token', 'keys'] as const;
type WayIn = (typeof WAYS_IN)[number];

/** Stands in for any route while there is no token; the URL is kept, so the page asked for renders after sign-in. */
export function SignInScreen() {
  const texts = useCatalog(authCatalogs);
  const { brand } = useCatalog(sharedCatalogs);
  // Whoever signed in with API keys last time comes back to them, the Client ID filled in.
  const [wayIn, setWayIn] = useState<WayIn>(() => (readClientId() !== null ? 'keys' : 'token'));
  const [remember, setRemember] = useState(false);
  const [signedOutReason] = useState(readSignOutReason);
  const [attempted, setAttempted] = useState(false);
  // The server's kind (demo or proxy) adds a note the form can do without: asked for once the screen is painted.
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
        {reason && <Alert tone="error" role="alert" {...texts[reason]} />}
        <WayInTabs selected={wayIn} onSelect={setWayIn}>
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
        </WayInTabs>
        {/* Below the forms: it arrives after the first paint, and above them it pushed the Sign in button down,
            under the pointer of whoever was about to press it. */}
        {demo && <Alert tone="info" title={texts.demoTitle} text={texts.demoText} />}
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

/**
 * The ways in, as ARIA tabs (activation follows focus): the selected tab alone is in the Tab order; arrows, Home, End
 * move. Only the selected panel is rendered, so the hidden form holds no values and no fields to match by label.
 */
function WayInTabs({
  selected,
  onSelect,
  children,
}: {
  selected: WayIn;
  onSelect: (way: WayIn) => void;
  children: ReactNode;
}) {
  const texts = useCatalog(authCatalogs);
  const idPrefix = useId();
  const tabId = (way: WayIn) => `${idPrefix}-tab-${way}`;
  const panelId = `${idPrefix}-panel`;

  return (
    <>
      <TabList
        tabs={WAYS_IN}
        selected={selected}
        onSelect={onSelect}
        tabId={tabId}
        panelOf={(way) => (way === selected ? panelId : undefined)}
        label={texts.waysIn}
        labelOf={(way) => texts.tabs[way]}
        className="sign-in-tabs"
        tabClassName="sign-in-tab"
      />
      {/* Not labelled by its tab: the tab's text is also the token field's label, and one name should find one field. */}
      <div role="tabpanel" id={panelId} className="sign-in-panel">
        {children}
      </div>
    </>
  );
}
