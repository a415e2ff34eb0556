import { useId } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  /** The language of the option's label, where it is not the page's (a language's own name). */
  lang?: string;
}

export interface LabelledSelectProps<V extends string> {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange: (value: V) => void;
}

/** A label and its select, side by side in whatever the caller puts them in; only the options' values come out. */
export function LabelledSelect<V extends string>({ label, value, options, onChange }: LabelledSelectProps<V>) {
  const id = useId();
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => {
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={option.lang}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}
