import { useId, useRef, useState, type FormEvent } from 'react';
import { closeModalDialog, useModalDialog } from '@/components/use-modal-dialog';
import { useCatalog } from '@/lib/i18n';
import type { CourseStatsSearch, QuickFilterId } from '../params/course-stats-search';
import { currentColumnVisibility, hiddenColumnIds } from '../table/column-visibility';
import { triageCatalogs } from '../triage/strings';
import { saveView, useSavedViews, VIEW_NAME_MAX } from './saved-views';
import { viewsCatalogs, type ViewsTexts } from './strings';
import { useViewName, ViewNameField } from './view-name-field';
import { ToolIcon, ToolText, ViewsMenu } from './views-menu';
import './views.css';

export interface CourseViewsToolsProps {
  courseId: number;
  search: CourseStatsSearch;
  /** The course's name when its rows have said it. */
  courseName: string | null;
}

/** "Save view" and the "Views" menu, beside the statistics page's title. */
export function CourseViewsTools({ courseId, search, courseName }: CourseViewsToolsProps) {
  const texts = useCatalog(viewsCatalogs);
  const { quickFilterLabels } = useCatalog(triageCatalogs);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  // The status is the title line's last member, on a line of its own, so a message never widens the buttons' row.
  return (
    <>
      <div className="views-tools">
        <button
          ref={buttonRef}
          type="button"
          className="button views-tool"
          aria-haspopup="dialog"
          title={texts.saveView}
          onClick={() => {
            setStatus('');
            setSaving(true);
          }}
        >
          {/* A bookmark with a plus. */}
          <ToolIcon path="M5 2.5h10v15l-5-3.5-5 3.5zM10 6v5M7.5 8.5h5" />
          <ToolText>{texts.saveView}</ToolText>
        </button>
        <ViewsMenu courseId={courseId} />
        {saving && (
          <SaveViewDialog
            courseId={courseId}
            search={search}
            suggestion={suggestViewName({ courseId, courseName, search }, texts.suggestion, quickFilterLabels)}
            onSaved={(name) => setStatus(texts.saved(name))}
            onClose={() => {
              setSaving(false);
              buttonRef.current?.focus();
            }}
          />
        )}
      </div>
      {/* Empty, it takes no room; it stays in the page so that what it says next is announced. */}
      <p role="status" className={status ? 'views-status' : 'views-status visually-hidden'}>
        {status}
      </p>
    </>
  );
}

/** A name the Save view field starts with: the course, then what narrows it, e.g. "Course 7 · whole course · “anna”". */
function suggestViewName(
  { courseId, courseName, search }: CourseViewsToolsProps,
  texts: ViewsTexts['suggestion'],
  quickLabels: Record<QuickFilterId, string>,
): string {
  const parts = [
    courseName?.trim() || texts.course(courseId),
    search.userId === undefined ? null : texts.user(search.userId),
    search.courseSessionId === undefined ? null : texts.session(search.courseSessionId),
    search.all ? texts.wholeCourse : null,
    search.q === '' ? null : texts.search(search.q),
    ...search.quick.map((id) => quickLabels[id]),
  ].filter((part) => part !== null);
  const name = parts.join(' · ').replace(/\s+/g, ' ');
  return name.length > VIEW_NAME_MAX ? `${name.slice(0, VIEW_NAME_MAX - 1).trimEnd()}…` : name;
}

interface SaveViewDialogProps {
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
function SaveViewDialog({ courseId, search, suggestion, onSaved, onClose }: SaveViewDialogProps) {
  const texts = useCatalog(viewsCatalogs);
  const views = useSavedViews(courseId);
  const dialogRef = useModalDialog();
  const id = useId();
  const {
    sameAs: replaces,
    problem,
    notKept,
    setNotKept,
    submit,
    field,
  } = useViewName(suggestion, { courseId, views });

  const close = () => closeModalDialog(dialogRef.current, onClose);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = submit();
    if (name === null) return;
    const hiddenColumns = hiddenColumnIds(currentColumnVisibility());
    const result = saveView({ name, courseId, search, hiddenColumns });
    if (result.status !== 'ok') {
      setNotKept(true);
      return;
    }
    onSaved(name);
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
