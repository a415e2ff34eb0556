import { useEffect, useState, type KeyboardEvent, type Ref } from 'react';
import './combobox.css';

export interface ComboboxOption<V> {
  /** Unique among the options shown: the option's element id ends with it. */
  key: string;
  value: V;
  label: string;
  /** Muted text after the label: an ID, dates. */
  detail?: string;
  /** The value in force (the course open, the session chosen): shown in bold. */
  current?: boolean;
}

export interface ComboboxGroup<V> {
  /** The group's heading; null for options without one. */
  label: string | null;
  options: readonly ComboboxOption<V>[];
}

export interface ComboboxProps<V> {
  /** The input's id; the list's, the hint's and the options' ids are made from it. */
  id: string;
  label: string;
  /** What the field takes, shown under it and read with it. */
  hint: string;
  /** The options that match the text now, grouped; null makes the field a plain text field, with no list. */
  groups: readonly ComboboxGroup<V>[] | null;
  /** The list's accessible name, and the name of the button that opens it. */
  listLabel: string;
  value: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The text was edited (the list opens). */
  onType: (text: string) => void;
  onChoose: (option: ComboboxOption<V>) => void;
  /** Enter with no option active. Without preventDefault, a form around the field is submitted. */
  onEnter?: (event: KeyboardEvent<HTMLInputElement>) => void;
  /** Escape with the list closed: put back the value there was before typing. */
  onRevert?: () => void;
  /** The field lost the focus; `active` is the option active in the list, if it was open. */
  onLeave?: (active: ComboboxOption<V> | undefined) => void;
  /** Typing makes the first option active, so Enter chooses it (WAI-ARIA's automatic selection). */
  autoSelect?: boolean;
  /** Said after each change while the list is open: how many match, what is being read. */
  status?: string;
  /** Why the text was refused, under the field and read with it; null while it is fine. */
  error?: string | null;
  placeholder?: string;
  inputMode?: 'text' | 'numeric';
  inputRef?: Ref<HTMLInputElement>;
  /** Added to the wrapper's "field combobox" classes ("is-plain" too, without a list). */
  className?: string;
}

/**
 * A text field with suggestions: WAI-ARIA's combobox with list autocomplete. Typing opens the options the caller
 * matched; Down and Up move through them (aria-activedescendant: focus stays in the field), Enter chooses, Escape
 * closes the list and, again, puts the value back. The caller decides what matches and what Enter does with no option
 * active (submits the form unless prevented). With `groups` null it is a plain text field.
 */
export function Combobox<V>({
  id,
  label,
  hint,
  groups,
  listLabel,
  value,
  open,
  onOpenChange,
  onType,
  onChoose,
  onEnter,
  onRevert,
  onLeave,
  autoSelect = true,
  status = '',
  error = null,
  placeholder,
  inputMode,
  inputRef,
  className,
}: ComboboxProps<V>) {
  const [active, setActive] = useState(-1);
  const listboxId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const options = (groups ?? []).flatMap((group) => group.options);
  const activeIndex = Math.min(active, options.length - 1);
  const currentIndex = options.findIndex((option) => option.current);
  const activeOption = activeIndex >= 0 ? options[activeIndex] : undefined;
  const listed = groups !== null;
  const expanded = listed && open && options.length > 0;
  const optionId = (option: ComboboxOption<V>) => `${id}-option-${option.key}`;
  const activeId = expanded && activeOption ? optionId(activeOption) : undefined;

  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const openAt = (index: number) => {
    onOpenChange(true);
    setActive(index);
  };
  const close = () => {
    onOpenChange(false);
    setActive(-1);
  };
  const choose = (option: ComboboxOption<V>) => {
    close();
    onChoose(option);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        if (!listed) return;
        event.preventDefault();
        // Opened, the list starts at the value in force, so moving on from it changes nothing.
        if (!open) openAt(event.altKey ? -1 : Math.max(0, currentIndex));
        else setActive(Math.min(activeIndex + 1, options.length - 1));
        return;
      case 'ArrowUp':
        if (!listed) return;
        event.preventDefault();
        if (!open) openAt(Number.MAX_SAFE_INTEGER);
        else setActive(Math.max(activeIndex - 1, 0));
        return;
      case 'Enter':
        if (expanded && activeOption) {
          event.preventDefault();
          choose(activeOption);
        } else onEnter?.(event);
        return;
      case 'Escape':
        if (expanded || open) {
          event.preventDefault();
          close();
        } else if (onRevert) {
          event.preventDefault();
          onRevert();
        }
        return;
    }
  };

  const description = [error ? errorId : null, hintId].filter((part) => part !== null).join(' ');
  const classes = ['field', 'combobox', listed ? null : 'is-plain', className].filter(Boolean).join(' ');
  const renderOption = (option: ComboboxOption<V>) => {
    const index = options.indexOf(option);
    return (
      <li
        key={option.key}
        id={optionId(option)}
        role="option"
        aria-selected={index === activeIndex}
        className={option.current ? 'is-current' : undefined}
        // The field keeps the focus: a press on an option must not blur it first (which closes the list).
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => choose(option)}
      >
        <span className="combobox-option-label">{option.label}</span>
        {option.detail && (
          <>
            {' '}
            <span className="muted">{option.detail}</span>
          </>
        )}
      </li>
    );
  };

  return (
    <div className={classes}>
      <label htmlFor={id}>{label}</label>
      <div className="combobox-box">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role={listed ? 'combobox' : undefined}
          aria-autocomplete={listed ? 'list' : undefined}
          aria-expanded={listed ? expanded : undefined}
          aria-controls={listed ? listboxId : undefined}
          aria-activedescendant={activeId}
          aria-invalid={error ? true : undefined}
          aria-describedby={description}
          autoComplete="off"
          spellCheck={false}
          inputMode={inputMode}
          placeholder={placeholder}
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            onType(event.target.value);
            if (listed) openAt(autoSelect ? 0 : -1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            onLeave?.(expanded ? activeOption : undefined);
            close();
          }}
        />
        {listed && (
          <button
            type="button"
            className="combobox-toggle"
            tabIndex={-1}
            aria-label={listLabel}
            aria-controls={listboxId}
            aria-expanded={expanded}
            // Like an option: the field keeps the focus, and the list its place.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => (open ? close() : openAt(-1))}
          >
            <span aria-hidden="true">▾</span>
          </button>
        )}
        {listed && (
          <ul id={listboxId} role="listbox" aria-label={listLabel} className="combobox-list" hidden={!expanded}>
            {groups.map((group, groupIndex) =>
              group.options.length === 0 ? null : group.label === null ? (
                group.options.map(renderOption)
              ) : (
                <li key={`group-${groupIndex}`} role="presentation">
                  <ul role="group" aria-labelledby={`${id}-group-${groupIndex}`}>
                    <li role="presentation" id={`${id}-group-${groupIndex}`} className="combobox-group-label">
                      {group.label}
                    </li>
                    {group.options.map(renderOption)}
                  </ul>
                </li>
              ),
            )}
          </ul>
        )}
      </div>
      {error && (
        <span id={errorId} className="field-error">
          {error}
        </span>
      )}
      <span id={hintId} className="combobox-hint muted">
        {hint}
      </span>
      {listed && (
        <span role="status" className="combobox-status">
          {open ? status : ''}
        </span>
      )}
    </div>
  );
}
