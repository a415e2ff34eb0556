import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'onChange' | 'className' | 'children' | 'aria-invalid' | 'aria-describedby'
> {
  /** The input's id; the error's is derived from it. */
  id: string;
  label: ReactNode;
  type?: 'text' | 'search';
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Added to the wrapper's "field" class. */
  className?: string;
  /** Why the value is refused, shown under the field and read with it; null while it is fine. */
  error?: ReactNode;
  /** Ids of more descriptions of the field (a hint, a note, the scope of a search), read after the error. */
  describedBy?: readonly string[];
  /** Lines under the field, after the error: the descriptions `describedBy` names, an alert. */
  children?: ReactNode;
}

/** A labelled one-line field, never autocompleted, its refusal under it and tied to it for screen readers. */
export function TextField({
  id,
  label,
  type = 'text',
  value,
  onChange,
  inputRef,
  className,
  error = null,
  describedBy = [],
  children,
  ...inputProps
}: TextFieldProps) {
  const errorId = `${id}-error`;
  const description = [...(error ? [errorId] : []), ...describedBy].join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        {...inputProps}
        ref={inputRef}
        id={id}
        type={type}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={description || undefined}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
      {children}
    </div>
  );
}

/** A search box: what is searched for (names, emails, ids) is not prose, so it is not spell-checked either. */
export function SearchField(props: Omit<TextFieldProps, 'type' | 'spellCheck'>) {
  return <TextField {...props} type="search" spellCheck={false} />;
}
