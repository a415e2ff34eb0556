import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useCatalog } from '@/lib/i18n';
import type { CourseStatsSearch } from '../params/course-stats-search';
import { hiddenColumnIds } from '../table/column-visibility';
import { currentColumnVisibility } from '../table/use-column-visibility';
import { saveView } from './saved-views';
import { viewsCatalogs } from './strings';
import { useSavedViews } from './use-saved-views';
import { checkViewName, viewNameProblemText } from './view-name';

export interface SaveViewDialogProps {
  courseId: number;
  search: CourseStatsSearch;
  /** The name the field starts with, selected so typing replaces it. */
  suggestion: string;
  onSaved: (name: string) => void;
  /** Called once the dialog has closed (saved, Cancel, Escape). */
  onClose: () => void;
}

/**
 * Names the current view and keeps it: a native modal <dialog> (the browser traps focus and closes it on Escape).
 * An empty or overlong name is refused in place; a name the course already uses is allowed, and says it replaces.
 */
export function SaveViewDialog({ courseId, search, suggestion, onSaved, onClose }: SaveViewDialogProps) {
  const texts = useCatalog(viewsCatalogs);
  const views = useSavedViews(courseId);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [name, setName] = useState(suggestion);
  const [submitted, setSubmitted] = useState(false);
  const [notKept, setNotKept] = useState(false);
  const check = checkViewName(name, { courseId, views });
  const problem = submitted || (!check.ok && check.problem === 'too-long') ? viewNameProblemText(check, texts) : null;
  const replaces = check.ok ? check.sameAs : null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    // Where showModal is missing (old browsers, test DOMs) the dialog still opens, without the modal trap.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const close = () => {
    const dialog = dialogRef.current;
    if (dialog?.open && typeof dialog.close === 'function') dialog.close();
    else onClose();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (!check.ok) {
      inputRef.current?.focus();
      return;
    }
    const hiddenColumns = hiddenColumnIds(currentColumnVisibility());
    const result = saveView({ name: check.name, courseId, search, hiddenColumns });
    if (result.status !== 'ok') {
      setNotKept(true);
      return;
    }
    onSaved(check.name);
    close();
  };

  const describedBy = [problem ? `${id}-error` : null, replaces ? `${id}-replaces` : null, `${id}-keeps`]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <dialog ref={dialogRef} className="view-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate>
        <h2 id={`${id}-title`}>{texts.saveView}</h2>
        <div className="field">
          <label htmlFor={`${id}-name`}>{texts.nameLabel}</label>
          <input
            ref={inputRef}
            id={`${id}-name`}
            type="text"
            autoComplete="off"
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNotKept(false);
            }}
          />
          {problem && (
            <span id={`${id}-error`} className="field-error">
              {problem}
            </span>
          )}
          {replaces && (
            <span id={`${id}-replaces`} className="view-dialog-note">
              {texts.replaces(replaces.name)}
            </span>
          )}
          <span id={`${id}-keeps`} className="field-hint muted">
            {texts.keeps}
          </span>
        </div>
        {notKept && (
          <p role="alert" className="field-error view-dialog-alert">
            {texts.notKept}
          </p>
        )}
        <div className="view-dialog-actions">
          <button type="submit" className="button button-primary">
            {texts.save}
          </button>
          <button type="button" className="button" onClick={close}>
            {texts.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
