import { useId, useState, type Ref } from 'react';

export interface CredentialFieldProps {
  label: string;
  /** For a token or a secret: the toggle that unmasks it ("Show token"); left out, the value shows as typed. */
  showLabel?: string;
  name: string;
  /** Said under the field, and tied to it, when its value was refused. */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** Given for a controlled field; left out, the value stays in the field alone. */
  value?: string;
  onChange?: (value: string) => void;
}

/** A field for a sign-in credential (a token, a Client ID, a secret): required, never autocompleted or spell-checked. */
export function CredentialField({ label, showLabel, name, error, inputRef, value, onChange }: CredentialFieldProps) {
  const id = useId();
  const errorId = useId();
  const [reveal, setReveal] = useState(false);
  const masked = showLabel !== undefined;
  const input = (
    <input
      ref={inputRef}
      id={id}
      name={name}
      type={masked && !reveal ? 'password' : 'text'}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      aria-invalid={error !== null}
      aria-describedby={error ? errorId : undefined}
      required
    />
  );
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {masked ? (
        <div className="sign-in-token">
          {input}
          <button
            type="button"
            className="button"
            aria-pressed={reveal}
            aria-controls={id}
            onClick={() => setReveal((shown) => !shown)}
          >
            {showLabel}
          </button>
        </div>
      ) : (
        input
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
