import { Fragment, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useMediaQuery } from '@/lib/use-media-query';
import { parseIdInput, type IdProblem } from '../params/id-input';
import { useCatalog } from '@/lib/i18n';
import { fieldCatalogs } from '../fields/strings';
import type { SessionChoices } from './session-choices';
import { SessionSelect } from './session-select';
import { filterCatalogs, type IdField } from './strings';

export interface FilterFormValues {
  courseId: string;
  userId: string;
  courseSessionId: string;
}

export interface SubmittedFilters {
  courseId: number;
  userId: number | undefined;
  courseSessionId: number | undefined;
}

const FIELDS: ReadonlyArray<{
  name: IdField;
  label: 'course_id' | 'user_id' | 'course_session_id';
  required: boolean;
}> = [
  { name: 'courseId', label: 'course_id', required: true },
  { name: 'userId', label: 'user_id', required: false },
  { name: 'courseSessionId', label: 'course_session_id', required: false },
];

type Problems = Partial<Record<IdField, IdProblem>>;

function validate(values: FilterFormValues): { problems: Problems; filters: SubmittedFilters | null } {
  const problems: Problems = {};
  const parsed: Partial<Record<IdField, number | null>> = {};
  for (const field of FIELDS) {
    const result = parseIdInput(values[field.name], { required: field.required });
    if (result.ok) parsed[field.name] = result.value;
    else problems[field.name] = result.problem;
  }
  const courseId = parsed.courseId;
  if (Object.keys(problems).length > 0 || courseId === undefined || courseId === null)
    return { problems, filters: null };
  return {
    problems,
    filters: { courseId, userId: parsed.userId ?? undefined, courseSessionId: parsed.courseSessionId ?? undefined },
  };
}

/** Narrow screens fold the user and session fields away; the course field always shows. */
const NARROW_QUERY = '(max-width: 600px)';

export interface CourseStatsFilterFormProps {
  initial?: Partial<FilterFormValues>;
  onSubmit: (filters: SubmittedFilters) => void;
  /** The sessions of a course by name: offered beside the Session ID field while the Course ID is that course. */
  sessions?: { courseId: number; choices: SessionChoices };
}

/**
 * Course, user and session ids. Checked on submit, then again on every change once a message shows; the first
 * invalid field gets focus, and nothing invalid is submitted. Remount it (key) to take new initial values.
 */
export function CourseStatsFilterForm({ initial, onSubmit, sessions }: CourseStatsFilterFormProps) {
  const texts = useCatalog(filterCatalogs);
  const words = useCatalog(fieldCatalogs);
  const [values, setValues] = useState<FilterFormValues>({
    courseId: initial?.courseId ?? '',
    userId: initial?.userId ?? '',
    courseSessionId: initial?.courseSessionId ?? '',
  });
  const [problems, setProblems] = useState<Problems>({});
  const [checked, setChecked] = useState(false);
  const inputs = useRef<Partial<Record<IdField, HTMLInputElement | null>>>({});
  const idPrefix = useId();
  const narrow = useMediaQuery(NARROW_QUERY);
  const [expanded, setExpanded] = useState(false);
  const moreId = `${idPrefix}-more`;
  const folded = narrow && !expanded;
  const summary = texts.filtersSummary(
    FIELDS.filter((field) => !field.required && values[field.name].trim() !== '').map(
      (field) => `${words.fieldLabels[field.label]} ${values[field.name].trim()}`,
    ),
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(values);
    const first = FIELDS.find((field) => result.problems[field.name] !== undefined);
    // Rendered at once: a folded field with a problem unfolds, and must be in the page before it takes focus.
    flushSync(() => {
      setProblems(result.problems);
      setChecked(true);
      if (first && !first.required) setExpanded(true);
    });
    if (result.filters) {
      onSubmit(result.filters);
      return;
    }
    if (first) inputs.current[first.name]?.focus();
  };

  const handleChange = (name: IdField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (checked) setProblems(validate(next).problems);
  };

  const renderField = (field: (typeof FIELDS)[number]): ReactNode => {
    const id = `${idPrefix}-${field.name}`;
    const problem = problems[field.name];
    const describedBy = [problem ? `${id}-error` : null, field.required ? null : `${id}-hint`]
      .filter((part) => part !== null)
      .join(' ');
    const sessionSelect =
      field.name === 'courseSessionId' && sessions && values.courseId.trim() === String(sessions.courseId) ? (
        <SessionSelect
          id={`${idPrefix}-session`}
          choices={sessions.choices}
          value={values.courseSessionId}
          onChange={(value) => handleChange('courseSessionId', value)}
        />
      ) : null;
    return (
      <Fragment key={field.name}>
        {sessionSelect}
        <div className="field">
          <label htmlFor={id}>{words.fieldLabels[field.label]}</label>
          <input
            ref={(element) => {
              inputs.current[field.name] = element;
            }}
            id={id}
            name={field.name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            required={field.required}
            placeholder={field.required ? undefined : texts.optional}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy || undefined}
            value={values[field.name]}
            onChange={(event) => handleChange(field.name, event.target.value)}
          />
          {!field.required && (
            <span id={`${id}-hint`} className="visually-hidden">
              {texts.optional}
            </span>
          )}
          {problem && (
            <span id={`${id}-error`} className="field-error">
              {texts.idProblem(field.name, problem)}
            </span>
          )}
        </div>
      </Fragment>
    );
  };
  const [courseField, ...moreFields] = FIELDS;

  return (
    <form
      className="course-stats-filters"
      onSubmit={handleSubmit}
      noValidate
      aria-label={texts.filtersLegend}
      data-folded={folded || undefined}
    >
      {courseField && renderField(courseField)}
      <div id={moreId} className="course-stats-filter-more" hidden={folded}>
        {moreFields.map(renderField)}
      </div>
      <button type="submit" className="button button-primary">
        {texts.show}
      </button>
      {narrow && (
        <span className="course-stats-filter-toggle">
          <button
            type="button"
            className="button"
            aria-expanded={!folded}
            aria-controls={moreId}
            onClick={() => setExpanded((open) => !open)}
          >
            <span aria-hidden="true">{folded ? '▸' : '▾'}</span> {texts.filtersToggle}
          </button>
          {folded && summary !== '' && <span className="muted course-stats-filter-summary">{summary}</span>}
        </span>
      )}
    </form>
  );
}
