import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/alert';
import { exchangeApiKeys } from '@/lib/api-client';
import { TokenExchangeFailure } from '@/lib/api-error';
import { useCatalog } from '@/lib/i18n';
import { readClientId, rememberClientId, setToken } from '@/lib/token-store';
import { clearSignOutReason } from '../session';
import { authCatalogs, type AuthTexts } from '../strings';
import { CredentialField } from './credential-field';
import { SignInForm } from './sign-in-form';

export interface ApiKeysFormProps {
  remember: boolean;
  rememberControl: ReactNode;
  onAttempt: () => void;
}

interface FieldErrors {
  clientId: string | null;
  secret: string | null;
}

/**
 * Sign-in with API keys, traded for a token by our server. The secret is read from its field at the request and
 * handed to the exchange: never in React state, mutation variables or storage. The public Client ID is kept.
 */
export function ApiKeysForm({ remember, rememberControl, onAttempt }: ApiKeysFormProps) {
  const texts = useCatalog(authCatalogs);
  const clientIdRef = useRef<HTMLInputElement>(null);
  const secretRef = useRef<HTMLInputElement>(null);
  const [clientId, setClientId] = useState(() => readClientId() ?? '');
  const [errors, setErrors] = useState<FieldErrors>({ clientId: null, secret: null });

  const exchange = useMutation({
    mutationFn: () =>
      exchangeApiKeys({ client_id: clientId.trim(), client_secret: secretRef.current?.value.trim() ?? '' }),
    onSuccess: (answer) => {
      clearSignOutReason();
      rememberClientId(clientId.trim(), remember);
      // Counted from when the answer arrived, on this device's clock, which is the clock the timers run on.
      const expiresAt = answer.expires_in === null ? null : Date.now() + answer.expires_in * 1000;
      setToken(answer.access_token, remember, expiresAt);
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: FieldErrors = {
      clientId: clientId.trim() === '' ? texts.emptyClientId : null,
      secret: (secretRef.current?.value.trim() ?? '') === '' ? texts.emptyClientSecret : null,
    };
    setErrors(next);
    if (next.clientId) clientIdRef.current?.focus();
    else if (next.secret) secretRef.current?.focus();
    if (next.clientId || next.secret) return;
    onAttempt();
    exchange.mutate();
  };

  const failure = exchange.isError ? explainFailure(exchange.error, texts) : null;

  return (
    <>
      <p className="muted">{texts.keysIntro}</p>
      {failure && <Alert tone="error" role="alert" {...failure} />}
      <SignInForm
        onSubmit={onSubmit}
        pending={exchange.isPending}
        rememberControl={rememberControl}
        note={texts.keysNote}
      >
        <CredentialField
          label={texts.clientIdLabel}
          name="client-id"
          error={errors.clientId}
          inputRef={clientIdRef}
          value={clientId}
          onChange={setClientId}
        />
        <CredentialField
          label={texts.clientSecretLabel}
          showLabel={texts.showSecret}
          name="client-secret"
          error={errors.secret}
          inputRef={secretRef}
        />
      </SignInForm>
    </>
  );
}

/** A sentence per failure, each with a way forward; the invalid and failed answers read alike to a person. */
function explainFailure(error: unknown, texts: AuthTexts): { title: string; text: string } {
  if (!(error instanceof TokenExchangeFailure)) return texts.exchange.failed;
  const { code } = error;
  return code === 'invalid_response' || code === 'upstream_error' ? texts.exchange.failed : texts.exchange[code];
}
