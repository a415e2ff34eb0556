import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { TextField } from '@/components/text-field';
import { useCatalog } from '@/lib/i18n';
import { parseIdInput } from '@/course/id-input';
import { fieldCatalogs } from '../fields/strings';
import { FilterFoldToggle, useFilterFold } from './filter-fold';
import { readSession, type SessionInput, type SessionList } from './session-choices';
import { shownSession, SessionField } from './session-field';
import { filterCatalogs } from './strings';

export interface CourseFilterValues {
  userId: number | undefined;
  courseSessionId: number | undefined;
}

export interface CourseFilterFormProps {
  initial: CourseFilterValues;
  sessions: SessionList;
  onSubmit: (filters: CourseFilterValues) => void;
}

/**
 * The filters of the course open: a User ID, and a session by name or ID. The course itself is chosen in the
 * header. Checked on Show, then again on every change; the first field refused gets the focus (unfolded on a
 * narrow screen), and nothing refused is applied. Remount it (key) to take new initial values.
 */
export function CourseFilterForm({ initial, sessions, onSubmit }: CourseFilterFormProps) {
  const texts = useCatalog(filterCatalogs);
  const words = useCatalog(fieldCatalogs);
  const [userId, setUserId] = useState(initial.userId === undefined ? '' : String(initial.userId));
  const [session, setSession] = useState<SessionInput>({ chosen: initial.courseSessionId ?? null, typed: null });
  const [checked, setChecked] = useState(false);
  const userRef = useRef<HTMLInputElement>(null);
  const sessionRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const fold = useFilterFold();

  const user = parseIdInput(userId);
  const sessionRead = readSession(session, sessions);
  const userError = checked && !user.ok ? texts.idProblem('userId', user.problem) : null;
  let sessionError: string | null = null;
  if (checked && !sessionRead.ok)
    sessionError =
      sessionRead.problem === 'unknown_name'
        ? texts.unknownSession(session.typed ?? '')
        : texts.idProblem('courseSessionId', sessionRead.problem);

  const sessionShown = session.typed?.trim() || shownSession(session.chosen, sessions, texts);
  const summary = [
    userId.trim() === '' ? null : `${words.fieldLabels.user_id} ${userId.trim()}`,
    sessionShown === '' ? null : `${texts.session} ${sessionShown}`,
  ].filter((part) => part !== null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = !user.ok ? userRef : !sessionRead.ok ? sessionRef : null;
    // Rendered at once: a folded field with a problem unfolds, and must be in the page before it takes focus.
    flushSync(() => {
      setChecked(true);
      if (refused) fold.unfold();
    });
    if (user.ok && sessionRead.ok)
      onSubmit({ userId: user.value ?? undefined, courseSessionId: sessionRead.id ?? undefined });
    else refused?.current?.focus();
  };

  return (
    <form
      className="course-stats-filters"
      onSubmit={handleSubmit}
      noValidate
      aria-label={texts.filtersLegend}
      data-folded={fold.folded || undefined}
    >
      <div id={fold.moreId} className="course-stats-filter-more" hidden={fold.folded}>
        <TextField
          id={`${id}-user`}
          name="userId"
          label={words.fieldLabels.user_id}
          inputMode="numeric"
          spellCheck={false}
          placeholder={texts.optional}
          value={userId}
          onChange={setUserId}
          inputRef={userRef}
          error={userError}
          describedBy={[`${id}-user-hint`]}
        >
          <span id={`${id}-user-hint`} className="visually-hidden">
            {texts.optional}
          </span>
        </TextField>
        <SessionField
          id={`${id}-session`}
          sessions={sessions}
          value={session}
          onChange={setSession}
          error={sessionError}
          inputRef={sessionRef}
        />
        <button type="submit" className="button button-primary">
          {texts.show}
        </button>
      </div>
      <FilterFoldToggle fold={fold} summary={summary} />
    </form>
  );
}
