import { useId, useRef, useState, type RefObject } from 'react';
import { TextField } from '@/components/text-field';
import { useCatalog } from '@/lib/i18n';
import { cleanViewName, sameName, VIEW_NAME_MAX, type SavedView } from './saved-views';
import { viewsCatalogs, type ViewsTexts } from './strings';

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
 * The state behind a ViewNameField: the name typed, whether saving was tried (a refusal shows from then on), and
 * whether the browser kept nothing (cleared as soon as the name changes).
 */
export function useViewNameInput(initial: string) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [notKept, setNotKept] = useState(false);
  const onChange = (value: string) => {
    setName(value);
    setNotKept(false);
  };
  return { name, submitted, setSubmitted, notKept, setNotKept, field: { inputRef, value: name, onChange } };
}

export type ViewNameCheck =
  { ok: false; problem: 'empty' | 'too-long'; length: number } | { ok: true; name: string; sameAs: SavedView | null };

/**
 * A typed view name as it would be saved, and the view of the course (other than `exceptId`) it already names, if
 * any: saving replaces that one, renaming is refused.
 */
export function checkViewName(
  typed: string,
  { courseId, views, exceptId }: { courseId: number; views: readonly SavedView[]; exceptId?: string },
): ViewNameCheck {
  const name = cleanViewName(typed);
  if (name === null) {
    const length = typed.trim().replace(/\s+/g, ' ').length;
    return { ok: false, problem: length === 0 ? 'empty' : 'too-long', length };
  }
  const sameAs = views.find((view) => view.id !== exceptId && sameName(view, courseId, name)) ?? null;
  return { ok: true, name, sameAs };
}

export function viewNameProblemText(check: ViewNameCheck, texts: ViewsTexts): string | null {
  if (check.ok) return null;
  return check.problem === 'empty' ? texts.nameEmpty : texts.nameTooLong(VIEW_NAME_MAX, check.length);
}
