import { useId, useState, type Ref } from 'react';

export interface SecretFieldProps {
  label: string;
  /** The toggle's label, e.g. "Show token"; pressed while the value is shown. */
  showLabel: string;
  name: string;
  /** Said under the field, and tied to it, when its value was refused. */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** Given for a controlled field; left out, the value stays in the field alone. */
  value?: string;
  onChange?: (value: string) => void;
}

/** A masked field with a button to show its value, for a token or a secret: never autocompleted or spell-checked. */
export function SecretField({ label, showLabel, name, error, inputRef, value, onChange }: SecretFieldProps) {
  const id = useId();
  const errorId = useId();
  const [reveal, setReveal] = useState(false);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="sign-in-token">
        <input
          ref={inputRef}
          id={id}
          name={name}
          type={reveal ? 'text' : 'password'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={onChange ? (event) => onChange(event.target.value) : undefined}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
          required
        />
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
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
