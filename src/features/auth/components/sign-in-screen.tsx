import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { PreferenceControls } from '@/components/preference-controls';
import { sharedCatalogs } from '@/components/shared-strings';
import { fetchLabelGroups } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useCatalog } from '@/lib/i18n';
import { setToken } from '@/lib/token-store';
import { serverConfigQuery } from '../api/server-config-query';
import { clearSignOutReason, readSignOutReason } from '../session';
import { authCatalogs } from '../strings';
import './sign-in.css';

/**
 * Shown in place of any route while there is no token; the URL is left alone, so once the token is stored the
 * app renders the page the user asked for.
 */
export function SignInScreen() {
  const texts = useCatalog(authCatalogs);
  const { brand } = useCatalog(sharedCatalogs);
  const tokenId = useId();
  const errorId = useId();
  const [token, setTokenValue] = useState('');
  const [reveal, setReveal] = useState(false);
  const [remember, setRemember] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [signedOutReason] = useState(readSignOutReason);
  const config = useQuery(serverConfigQuery());

  const check = useMutation({
    // The cheapest call the API has; it tells a rejected token from a good one.
    mutationFn: (candidate: string) => fetchLabelGroups({ token: candidate }),
    onSuccess: (_data, candidate) => {
      clearSignOutReason();
      setToken(candidate, remember);
    },
  });

  const submit = (candidate: string) => {
    const trimmed = candidate.trim();
    if (trimmed === '') {
      setFieldError(texts.emptyToken);
      return;
    }
    setFieldError(null);
    check.mutate(trimmed);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(token);
  };

  const rejected =
    (check.isError && isApiError(check.error) && check.error.detail.kind === 'unauthorized') ||
    (signedOutReason === 'rejected' && check.isIdle);
  const demo = config.data?.mode === 'demo' ? config.data : null;

  return (
    <main className="sign-in" id="main">
      <div className="sign-in-card">
        <h1>{brand}</h1>
        <p className="muted">{texts.intro}</p>
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
        {rejected && (
          <div role="alert" className="alert alert-error">
            <p className="alert-title">{texts.rejectedTitle}</p>
            <p>{texts.rejectedText}</p>
          </div>
        )}
        {check.isError && !rejected && <ApiErrorAlert error={check.error} onRetry={() => submit(token)} />}
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={tokenId}>{texts.tokenLabel}</label>
            <div className="sign-in-token">
              <input
                id={tokenId}
                name="access-token"
                type={reveal ? 'text' : 'password'}
                autoComplete="off"
                spellCheck={false}
                value={token}
                onChange={(event) => setTokenValue(event.target.value)}
                aria-invalid={fieldError !== null}
                aria-describedby={fieldError ? errorId : undefined}
                required
              />
              <button
                type="button"
                className="button"
                aria-pressed={reveal}
                aria-controls={tokenId}
                onClick={() => setReveal((value) => !value)}
              >
                {texts.showToken}
              </button>
            </div>
            {fieldError && (
              <p id={errorId} className="field-error">
                {fieldError}
              </p>
            )}
          </div>
          <label className="sign-in-remember">
            <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
            {texts.remember}
          </label>
          <div className="sign-in-actions">
            <button type="submit" className="button button-primary" disabled={check.isPending}>
              {check.isPending ? texts.signingIn : texts.signIn}
            </button>
            {demo && (
              <button
                type="button"
                className="button"
                disabled={check.isPending}
                onClick={() => {
                  setTokenValue(demo.demoToken);
                  submit(demo.demoToken);
                }}
              >
                {texts.useDemoToken}
              </button>
            )}
          </div>
        </form>
        <p className="muted sign-in-note">{texts.storageNote}</p>
        <PreferenceControls />
      </div>
    </main>
  );
}
