import type { FormEvent, ReactNode } from 'react';
import { useCatalog } from '@/lib/i18n';
import { authCatalogs } from '../strings';

export interface SignInFormProps {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A sign-in is on its way: the button says so and cannot be pressed again. */
  pending: boolean;
  /** The choice to stay signed in, the same for every way in. */
  rememberControl: ReactNode;
  /** More buttons after "Sign in". */
  actions?: ReactNode;
  /** Under the form: what is kept of what was typed, and where. */
  note: string;
  /** The fields. */
  children: ReactNode;
}

/** What every way to sign in ends with: the choice to stay signed in, the Sign in button and a note on storage. */
export function SignInForm({ onSubmit, pending, rememberControl, actions, note, children }: SignInFormProps) {
  const texts = useCatalog(authCatalogs);
  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        {children}
        {rememberControl}
        <div className="sign-in-actions">
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? texts.signingIn : texts.signIn}
          </button>
          {actions}
        </div>
      </form>
      <p className="muted sign-in-note">{note}</p>
    </>
  );
}
