import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useCatalog } from '@/lib/i18n';
import type { CourseStatsSearch } from '../params/course-stats-search';
import { hiddenColumnIds } from '../table/column-visibility';
import { currentColumnVisibility } from '../table/use-column-visibility';
import { saveView } from './saved-views';
import { viewsCatalogs } from './strings';
import { useSavedViews } from './use-saved-views';
import { checkViewName, viewNameProblemText } from './view-name';
import { useViewNameInput, ViewNameField } from './view-name-field';

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
  const id = useId();
  const { name, submitted, setSubmitted, notKept, setNotKept, field } = useViewNameInput(suggestion);
  const { inputRef } = field;
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
  }, [inputRef]);

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

  return (
    <dialog ref={dialogRef} className="details-dialog view-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate>
        <h2 id={`${id}-title`}>{texts.saveView}</h2>
        <ViewNameField
          {...field}
          problem={problem}
          notes={[
            ...(replaces ? [{ text: texts.replaces(replaces.name), className: 'view-dialog-note' }] : []),
            { text: texts.keeps, className: 'field-hint muted' },
          ]}
          alert={notKept ? texts.notKept : null}
        />
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
