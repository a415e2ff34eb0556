import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useCatalog } from '@/lib/i18n';
import { deleteView, renameView, restoreView, useSavedViews, viewHref, type SavedView } from './saved-views';
import { viewsCatalogs } from './strings';
import { useViewName, ViewNameField } from './view-name-field';
import { CopyViewLink } from './views-menu';
import './views.css';

type Outcome =
  | { kind: 'none' }
  | { kind: 'deleted'; view: SavedView; index: number }
  | { kind: 'message'; text: string; restoredId?: string };

/**
 * The course index's "Saved views": each view as a link, with its course, Rename, Delete and Copy link (nothing while
 * there are none). Delete acts at once and offers Undo rather than asking: a view is quick to lose and to put back, and
 * a question per delete would slow down tidying.
 */
export function SavedViewsList() {
  const texts = useCatalog(viewsCatalogs);
  const views = useSavedViews();
  const headingId = useId();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const undoRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const restoredId = outcome.kind === 'message' ? outcome.restoredId : undefined;

  useEffect(() => {
    if (outcome.kind === 'deleted') undoRef.current?.focus();
  }, [outcome]);
  useEffect(() => {
    // Undo gave the view back: focus goes to it, as the Undo button has gone.
    if (restoredId) listRef.current?.querySelector<HTMLElement>(`[data-view-id="${CSS.escape(restoredId)}"]`)?.focus();
  }, [restoredId]);

  if (views.length === 0 && outcome.kind === 'none') return null;

  const remove = (view: SavedView) => {
    const index = views.findIndex((other) => other.id === view.id);
    const result = deleteView(view.id);
    if (result.status === 'ok') setOutcome({ kind: 'deleted', view, index });
    else if (result.status === 'not-stored') setOutcome({ kind: 'message', text: texts.notKeptChange });
  };
  const undo = (view: SavedView, index: number) => {
    const result = restoreView(view, index);
    if (result.status === 'ok') setOutcome({ kind: 'message', text: texts.restored(view.name), restoredId: view.id });
    else if (result.status === 'name-taken') setOutcome({ kind: 'message', text: texts.notRestored(view.name) });
    else setOutcome({ kind: 'message', text: texts.notKeptChange });
  };

  return (
    <section className="saved-views" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.savedTitle}</h2>
      {views.length > 0 && (
        <ul ref={listRef} className="saved-views-list">
          {views.map((view) => (
            <SavedViewItem
              key={view.id}
              view={view}
              views={views}
              onRenamed={(name) => setOutcome({ kind: 'message', text: texts.renamed(name) })}
              onDelete={() => remove(view)}
            />
          ))}
        </ul>
      )}
      <p className="saved-views-outcome">
        <span role="status">
          {outcome.kind === 'deleted'
            ? texts.deleted(outcome.view.name)
            : outcome.kind === 'message'
              ? outcome.text
              : ''}
        </span>
        {outcome.kind === 'deleted' && (
          <button ref={undoRef} type="button" className="button" onClick={() => undo(outcome.view, outcome.index)}>
            {texts.undo}
          </button>
        )}
      </p>
    </section>
  );
}

interface SavedViewItemProps {
  view: SavedView;
  views: readonly SavedView[];
  onRenamed: (name: string) => void;
  onDelete: () => void;
}

function SavedViewItem({ view, views, onRenamed, onDelete }: SavedViewItemProps) {
  const texts = useCatalog(viewsCatalogs);
  const [renaming, setRenaming] = useState(false);
  const renameRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!renaming && returnFocus.current) {
      returnFocus.current = false;
      renameRef.current?.focus();
    }
  }, [renaming]);

  const finish = (name: string | null) => {
    returnFocus.current = true;
    setRenaming(false);
    if (name !== null) onRenamed(name);
  };

  return (
    <li>
      <div role="group" aria-label={view.name} className="saved-view split-row">
        {renaming ? (
          <RenameForm view={view} views={views} onDone={finish} />
        ) : (
          <>
            <span className="saved-view-name">
              <Link to={viewHref(view)} data-view-id={view.id}>
                {view.name}
              </Link>{' '}
              <span className="muted">{texts.viewCourse(view.courseId)}</span>
            </span>
            <span className="saved-view-actions">
              <button ref={renameRef} type="button" className="button" onClick={() => setRenaming(true)}>
                {texts.rename}
              </button>
              <button type="button" className="button" onClick={onDelete}>
                {texts.deleteView}
              </button>
              <CopyViewLink view={view} />
            </span>
          </>
        )}
      </div>
    </li>
  );
}

interface RenameFormProps {
  view: SavedView;
  views: readonly SavedView[];
  /** The new name, or null when renaming was cancelled. */
  onDone: (name: string | null) => void;
}

/** The name in place, with the Save view dialog's rules; a name another view of the course has is refused. */
function RenameForm({ view, views, onDone }: RenameFormProps) {
  const texts = useCatalog(viewsCatalogs);
  const scope = { courseId: view.courseId, views, exceptId: view.id };
  const { sameAs: taken, problem, notKept, setNotKept, submit, field } = useViewName(view.name, scope);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = submit(taken !== null);
    if (name === null) return;
    const result = renameView(view.id, name);
    if (result.status === 'ok') onDone(name);
    else if (result.status === 'not-stored') setNotKept(true);
    else if (result.status === 'not-found') onDone(null);
  };

  return (
    <form
      className="field-row saved-view-rename"
      onSubmit={handleSubmit}
      noValidate
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onDone(null);
        }
      }}
    >
      <ViewNameField
        {...field}
        problem={taken ? texts.nameTaken(taken.name) : problem}
        alert={notKept ? texts.notKeptChange : null}
      />
      <span className="saved-view-actions">
        <button type="submit" className="button button-primary">
          {texts.saveName}
        </button>
        <button type="button" className="button" onClick={() => onDone(null)}>
          {texts.cancel}
        </button>
      </span>
    </form>
  );
}
