import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { TextField } from '@/components/text-field';
import { useCatalog } from '@/lib/i18n';
import { cleanViewName, sameName, VIEW_NAME_MAX, type SavedView } from './saved-views';
import { viewsCatalogs } from './strings';

export interface ViewNameFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  /** Why the name is refused, shown under the field and read with it; null while it is fine. */
  problem: string | null;
  /** Lines under the field that describe it (a note, a hint), read with it. */
  notes?: ReadonlyArray<{ text: string; className: string }>;
  /** What went wrong saving (the browser kept nothing), announced at once. */
  alert?: string | null;
}

/** "View name", as the Save view dialog and Rename both ask for it. */
export function ViewNameField({ inputRef, value, onChange, problem, notes = [], alert = null }: ViewNameFieldProps) {
  const texts = useCatalog(viewsCatalogs);
  const id = useId();
  return (
    <TextField
      id={id}
      label={texts.nameLabel}
      inputRef={inputRef}
      value={value}
      onChange={onChange}
      error={problem}
      describedBy={notes.map((_, index) => `${id}-note-${index}`)}
    >
      {notes.map((note, index) => (
        <span key={note.className} id={`${id}-note-${index}`} className={note.className}>
          {note.text}
        </span>
      ))}
      {alert && (
        <span role="alert" className="field-error">
          {alert}
        </span>
      )}
    </TextField>
  );
}

/**
 * The state behind a ViewNameField, shared by Save view and Rename: the name typed, the course's view (other than
 * `exceptId`) it names already, if any (saving replaces it, renaming is refused), and why it is refused: empty once
 * saving is tried, overlong as typed. `notKept` clears when the name changes. The field opens focused, its text selected.
 */
export function useViewName(
  initial: string,
  { courseId, views, exceptId }: { courseId: number; views: readonly SavedView[]; exceptId?: string },
) {
  const texts = useCatalog(viewsCatalogs);
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [notKept, setNotKept] = useState(false);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  // The name as it would be saved; null when it is empty or too long.
  const clean = cleanViewName(name);
  const sameAs =
    clean === null ? null : (views.find((view) => view.id !== exceptId && sameName(view, courseId, clean)) ?? null);
  const length = name.trim().replace(/\s+/g, ' ').length;
  let problem: string | null = null;
  if (clean === null && length > 0) problem = texts.nameTooLong(VIEW_NAME_MAX, length);
  else if (clean === null && submitted) problem = texts.nameEmpty;
  /** Saving is tried: the name to save, or null when it is refused (or `refuse`), its field then taking the focus. */
  const submit = (refuse = false): string | null => {
    setSubmitted(true);
    if (clean !== null && !refuse) return clean;
    inputRef.current?.focus();
    return null;
  };
  const onChange = (value: string) => {
    setName(value);
    setNotKept(false);
  };
  return { sameAs, problem, notKept, setNotKept, submit, field: { inputRef, value: name, onChange } };
}
