import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { fetchLabelGroups } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { setToken } from '@/lib/token-store';
import { serverConfigQuery } from '../api/server-config-query';
import { clearSignOutReason, readSignOutReason } from '../session';
import './sign-in.css';

/**
 * Shown in place of any route while there is no token; the URL is left alone, so once the token is stored the
 * app renders the page the user asked for.
 */
export function SignInScreen() {
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
      setFieldError('Enter an access token.');
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
        <h1>Course statistics</h1>
        <p className="muted">Sign in with an access token of your LMS API to browse course statistics and label groups.</p>
        {demo && (
          <div className="alert alert-info">
            <p className="alert-title">Demo mode</p>
            <p>This server answers from its built-in demo API with generated data.</p>
          </div>
        )}
        {config.data?.mode === 'proxy' && (
          <p className="muted">
            Connected to <strong>{config.data.upstreamHost}</strong>.
          </p>
        )}
        {rejected && (
          <div role="alert" className="alert alert-error">
            <p className="alert-title">The access token was rejected.</p>
            <p>Check the token and sign in again.</p>
          </div>
        )}
        {check.isError && !rejected && <ApiErrorAlert error={check.error} onRetry={() => submit(token)} />}
        <form onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor={tokenId}>Access token</label>
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
                Show token
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
            Remember on this device
          </label>
          <div className="sign-in-actions">
            <button type="submit" className="button button-primary" disabled={check.isPending}>
              {check.isPending ? 'Signing in…' : 'Sign in'}
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
                Use demo token
              </button>
            )}
          </div>
        </form>
        <p className="muted sign-in-note">
          The token is kept in this browser tab only, unless you choose to be remembered on this device. It is sent to
          this server in a request header and never appears in an address.
        </p>
      </div>
    </main>
  );
}
