import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { fetchLabelGroups } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';
import { useCatalog } from '@/lib/i18n';
import { setToken } from '@/lib/token-store';
import { clearSignOutReason } from '../session';
import { authCatalogs } from '../strings';

export interface TokenFormProps {
  remember: boolean;
  rememberControl: ReactNode;
  /** The demo token, offered in demo mode. */
  demoToken: string | null;
  onAttempt: () => void;
}

/** Sign-in with an access token pasted by the user: checked against the API before it is stored. */
export function TokenForm({ remember, rememberControl, demoToken, onAttempt }: TokenFormProps) {
  const texts = useCatalog(authCatalogs);
  const tokenId = useId();
  const errorId = useId();
  const [token, setTokenValue] = useState('');
  const [reveal, setReveal] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const check = useMutation({
    // The cheapest call the API has; it tells a rejected token from a good one.
    mutationFn: (candidate: string) => fetchLabelGroups({ token: candidate }),
    onSuccess: (_data, candidate) => {
      clearSignOutReason();
      // A pasted token has no known expiry: it lasts until the API rejects it.
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
    onAttempt();
    check.mutate(trimmed);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(token);
  };

  const rejected = check.isError && isApiError(check.error) && check.error.detail.kind === 'unauthorized';

  return (
    <>
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
        {rememberControl}
        <div className="sign-in-actions">
          <button type="submit" className="button button-primary" disabled={check.isPending}>
            {check.isPending ? texts.signingIn : texts.signIn}
          </button>
          {demoToken !== null && (
            <button
              type="button"
              className="button"
              disabled={check.isPending}
              onClick={() => {
                setTokenValue(demoToken);
                submit(demoToken);
              }}
            >
              {texts.useDemoToken}
            </button>
          )}
        </div>
      </form>
      <p className="muted sign-in-note">{texts.storageNote}</p>
    </>
  );
}
