import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { isApiError } from '@/lib/api-error';
import { useCatalog } from '@/lib/i18n';
import { setToken } from '@/lib/token-store';
import { clearSignOutReason } from '../session';
import { authCatalogs } from '../strings';
import { CredentialField } from './credential-field';
import { SignInForm } from './sign-in-form';

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
  const [token, setTokenValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const check = useMutation({
    // The API's cheapest call, which tells a rejected token from a good one. The list reader (with the endpoint table
    // and schemas the next screens need) loads on submit, not with the first screen.
    mutationFn: async (candidate: string) => (await import('@/lib/fetch-list')).fetchLabelGroups({ token: candidate }),
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

  const rejected = check.isError && isApiError(check.error) && check.error.detail.kind === 'unauthorized';

  return (
    <>
      {rejected && <Alert tone="error" role="alert" {...texts.rejected} />}
      {check.isError && !rejected && <ApiErrorAlert error={check.error} onRetry={() => submit(token)} />}
      <SignInForm
        onSubmit={(event) => {
          event.preventDefault();
          submit(token);
        }}
        pending={check.isPending}
        rememberControl={rememberControl}
        actions={
          demoToken !== null && (
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
          )
        }
        note={texts.storageNote}
      >
        <CredentialField
          label={texts.tokenLabel}
          showLabel={texts.showToken}
          name="access-token"
          error={fieldError}
          value={token}
          onChange={setTokenValue}
        />
      </SignInForm>
    </>
  );
}
