import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/alert';
import { idCatalogs } from '@/components/id-strings';
import { TextField } from '@/components/text-field';
import { useCatalog } from '@/lib/i18n';
import { parseIdInput } from '@/course/id-input';
import { useMediaQuery } from '@/lib/use-media-query';
import { fieldCatalogs } from '../fields/strings';
import { courseStatsHref, type CourseStatsSearch, type SearchCorrection } from '../params/course-stats-search';
import { readSession, type SessionInput, type SessionList } from './session-choices';
import { shownSession, SessionField } from './session-field';
import { filterCatalogs } from './strings';

/** Narrow screens fold the optional filters away, behind a Filters button that says what they hold. */
const NARROW_QUERY = '(max-width: 600px)';

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
 * A User ID and a session by name or ID, and, with no course open, the Course ID. Checked on Show, then on every
 * change; the first field refused gets the focus (unfolded on a narrow screen, where the filters fold but the Course ID
 * stays), and nothing refused applies. Remount (key) for new initial values.
 */
export function CourseFilterForm(props: CourseFilterFormProps) {
  const { initial, sessions } = props;
  const texts = useCatalog(filterCatalogs);
  const words = useCatalog(fieldCatalogs);
  const { idProblem } = useCatalog(idCatalogs);
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
  const narrow = useMediaQuery(NARROW_QUERY);
  const [expanded, setExpanded] = useState(false);
  const folded = narrow && !expanded;

  const course = pickCourse ? parseIdInput(courseId, { required: true }) : null;
  const user = parseIdInput(userId);
  const sessionRead = readSession(session, sessions ?? 'unlisted');
  const { fieldLabels } = words;
  const courseError = checked && course?.ok === false ? idProblem(fieldLabels.course_id, course.problem) : null;
  const userError = checked && !user.ok ? idProblem(fieldLabels.user_id, user.problem) : null;
  let sessionError: string | null = null;
  if (checked && !sessionRead.ok)
    sessionError =
      sessionRead.problem === 'unknown_name'
        ? texts.unknownSession(session.typed ?? '')
        : idProblem(fieldLabels.course_session_id, sessionRead.problem);

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
      if (refused && refused !== courseRef) setExpanded(true);
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
      data-folded={folded || undefined}
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
      <div id={`${id}-more`} className="course-stats-filter-more" hidden={folded}>
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
          describedBy={[`${id}-optional`]}
        />
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
            describedBy={[`${id}-optional`]}
          />
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
        {/* Read after the User ID and the Session ID: the placeholder that says so is gone once a value is typed. */}
        <span id={`${id}-optional`} className="visually-hidden">
          {texts.optional}
        </span>
      </div>
      {/* Beside the Course ID, Show stays in view when the filters fold. */}
      {pickCourse && show}
      {narrow && (
        <span className="course-stats-filter-toggle">
          <button
            type="button"
            className="button"
            aria-expanded={!folded}
            aria-controls={`${id}-more`}
            onClick={() => setExpanded((open) => !open)}
          >
            <span aria-hidden="true">{folded ? '▸' : '▾'}</span> {texts.filtersToggle}
          </button>
          {/* While folded, one line says what the filters hold. */}
          {folded && summary.length > 0 && (
            <span className="muted course-stats-filter-summary">{texts.filtersSummary(summary)}</span>
          )}
        </span>
      )}
    </form>
  );
}

export interface CourseFiltersProps {
  /** The course's sessions, for the Session filter. */
  sessions: SessionList;
  search: Pick<CourseStatsSearch, 'userId' | 'courseSessionId'>;
  onSubmit: (filters: CourseFilterValues) => void;
  clearFilters: () => void;
}

/** The filter form over the results, and which filters are on, with a way to clear them. */
export function CourseFilters({ sessions, search, onSubmit, clearFilters }: CourseFiltersProps) {
  const texts = useCatalog(filterCatalogs);
  const parts = [
    search.userId === undefined ? null : texts.filterUser(search.userId),
    search.courseSessionId === undefined ? null : texts.filterSession(search.courseSessionId),
  ].filter((part) => part !== null);
  return (
    <>
      <CourseFilterForm
        key={`${search.userId ?? ''}:${search.courseSessionId ?? ''}`}
        initial={{ userId: search.userId, courseSessionId: search.courseSessionId }}
        sessions={sessions}
        onSubmit={onSubmit}
      />
      {parts.length > 0 && (
        <p className="course-stats-active-filters">
          {texts.activeFilters} {parts.join(', ')}.{' '}
          <button type="button" className="button-link" onClick={clearFilters}>
            {texts.clearFilters}
          </button>
        </p>
      )}
    </>
  );
}

/** The values of a link that were corrected, each said once. */
export function CorrectionsNotice({ corrections }: { corrections: readonly SearchCorrection[] }) {
  const texts = useCatalog(filterCatalogs);
  if (corrections.length === 0) return null;
  return (
    <Alert tone="info" role="status" title={texts.correctionsTitle}>
      <ul className="alert-list">
        {corrections.map((correction) => (
          <li key={correction.param}>{texts.correction(correction)}</li>
        ))}
      </ul>
    </Alert>
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
