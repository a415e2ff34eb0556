import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { TextField } from '@/components/text-field';
import { useCatalog } from '@/lib/i18n';
import { parseIdInput } from '@/lib/id-input';
import { fieldCatalogs } from '../fields/strings';
import { courseStatsHref } from '../params/course-stats-search';
import { FilterFoldToggle, useFilterFold } from './filter-fold';
import { readSession, type SessionInput, type SessionList } from './session-choices';
import { shownSession, SessionField } from './session-field';
import { filterCatalogs } from './strings';

export interface CourseFilterValues {
  userId: number | undefined;
  courseSessionId: number | undefined;
}

/** The course to open, with its filters: what the form submits where no course is open yet. */
export interface CourseToOpen extends CourseFilterValues {
  courseId: number;
}

export type CourseFilterFormProps =
  /** The statistics page's filters over the course open, which is chosen in the header. */
  | { initial: CourseFilterValues; sessions: SessionList; onSubmit: (filters: CourseFilterValues) => void }
  /** No course is open yet (`/courses`, an address that names none): the Course ID first, and a session by its ID. */
  | { initial?: undefined; sessions: null; onSubmit: (filters: CourseToOpen) => void };

/**
 * A User ID and a session by name or ID, and where no course is open, the Course ID. Checked on Show, then again on
 * every change; the first field refused gets the focus (unfolded on a narrow screen), and nothing refused is
 * applied. A narrow screen folds the filters away; the Course ID stays in view. Remount it (key) to take new
 * initial values.
 */
export function CourseFilterForm(props: CourseFilterFormProps) {
  const { initial, sessions } = props;
  const texts = useCatalog(filterCatalogs);
  const words = useCatalog(fieldCatalogs);
  const pickCourse = sessions === null;
  const [courseId, setCourseId] = useState('');
  const [userId, setUserId] = useState(initial?.userId === undefined ? '' : String(initial.userId));
  // Where no course is open the session is an ID, typed.
  const [session, setSession] = useState<SessionInput>({
    chosen: initial?.courseSessionId ?? null,
    typed: pickCourse ? '' : null,
  });
  const [checked, setChecked] = useState(false);
  const courseRef = useRef<HTMLInputElement>(null);
  const userRef = useRef<HTMLInputElement>(null);
  const sessionRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const fold = useFilterFold();

  const course = pickCourse ? parseIdInput(courseId, { required: true }) : null;
  const user = parseIdInput(userId);
  const sessionRead = readSession(session, sessions ?? 'unlisted');
  const courseError = checked && course && !course.ok ? texts.idProblem('courseId', course.problem) : null;
  const userError = checked && !user.ok ? texts.idProblem('userId', user.problem) : null;
  let sessionError: string | null = null;
  if (checked && !sessionRead.ok)
    sessionError =
      sessionRead.problem === 'unknown_name'
        ? texts.unknownSession(session.typed ?? '')
        : texts.idProblem('courseSessionId', sessionRead.problem);

  const sessionLabel = pickCourse ? words.fieldLabels.course_session_id : texts.session;
  const sessionShown = session.typed?.trim() || shownSession(session.chosen, sessions ?? undefined, texts);
  const summary = [
    userId.trim() === '' ? null : `${words.fieldLabels.user_id} ${userId.trim()}`,
    sessionShown === '' ? null : `${sessionLabel} ${sessionShown}`,
  ].filter((part) => part !== null);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refused = course?.ok === false ? courseRef : !user.ok ? userRef : !sessionRead.ok ? sessionRef : null;
    // Rendered at once: a folded field with a problem unfolds, and must be in the page before it takes focus.
    flushSync(() => {
      setChecked(true);
      if (refused && refused !== courseRef) fold.unfold();
    });
    if (course?.ok === false || !user.ok || !sessionRead.ok) {
      refused?.current?.focus();
      return;
    }
    const filters = { userId: user.value ?? undefined, courseSessionId: sessionRead.id ?? undefined };
    if (props.sessions !== null) props.onSubmit(filters);
    else if (course && course.value !== null) props.onSubmit({ courseId: course.value, ...filters });
  };

  const show = (
    <button type="submit" className="button button-primary">
      {texts.show}
    </button>
  );
  return (
    <form
      className="course-stats-filters"
      onSubmit={handleSubmit}
      noValidate
      aria-label={texts.filtersLegend}
      data-folded={fold.folded || undefined}
    >
      {pickCourse && (
        <TextField
          id={`${id}-course`}
          name="courseId"
          label={words.fieldLabels.course_id}
          inputMode="numeric"
          spellCheck={false}
          required
          value={courseId}
          onChange={setCourseId}
          inputRef={courseRef}
          error={courseError}
        />
      )}
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
        {pickCourse ? (
          <TextField
            id={`${id}-session`}
            name="courseSessionId"
            label={sessionLabel}
            inputMode="numeric"
            spellCheck={false}
            placeholder={texts.optional}
            value={session.typed ?? ''}
            onChange={(typed) => setSession({ chosen: null, typed })}
            inputRef={sessionRef}
            error={sessionError}
            describedBy={[`${id}-session-hint`]}
          >
            <span id={`${id}-session-hint`} className="visually-hidden">
              {texts.optional}
            </span>
          </TextField>
        ) : (
          <SessionField
            id={`${id}-session`}
            sessions={sessions}
            value={session}
            onChange={setSession}
            error={sessionError}
            inputRef={sessionRef}
          />
        )}
        {!pickCourse && show}
      </div>
      {/* Beside the Course ID, Show stays in view when the filters fold. */}
      {pickCourse && show}
      <FilterFoldToggle fold={fold} summary={summary} />
    </form>
  );
}

/** The form where no course is open yet: it opens the course asked for, with its filters. */
export function OpenCourseForm() {
  const navigate = useNavigate();
  return (
    <CourseFilterForm
      sessions={null}
      onSubmit={({ courseId, ...filters }) => void navigate(courseStatsHref(courseId, filters))}
    />
  );
}
