import { useId, useRef, useState, type FormEvent } from 'react';
import { parseIdInput, type IdProblem } from '../params/id-input';
import { useCatalog } from '@/lib/i18n';
import { fieldCatalogs } from '../fields/strings';
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

const NARROW_QUERY = '(max-width: 600px)';

/** Narrow screens start with the form folded; where matchMedia is missing (test DOMs) the screen counts as wide. */
function startsExpanded(): boolean {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return true;
  return !window.matchMedia(NARROW_QUERY).matches;
}

export interface CourseStatsFilterFormProps {
  initial?: Partial<FilterFormValues>;
  onSubmit: (filters: SubmittedFilters) => void;
}

/**
 * Course, user and session ids. Checked on submit, then again on every change once a message shows; the first
 * invalid field gets focus, and nothing invalid is submitted. Remount it (key) to take new initial values.
 */
export function CourseStatsFilterForm({ initial, onSubmit }: CourseStatsFilterFormProps) {
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
  const [expanded, setExpanded] = useState(startsExpanded);
  const formId = `${idPrefix}-form`;
  const summary = texts.filtersSummary(
    FIELDS.filter((field) => values[field.name].trim() !== '').map(
      (field) => `${words.fieldLabels[field.label]} ${values[field.name].trim()}`,
    ),
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(values);
    setProblems(result.problems);
    setChecked(true);
    if (result.filters) {
      onSubmit(result.filters);
      return;
    }
    const first = FIELDS.find((field) => result.problems[field.name] !== undefined);
    if (first) inputs.current[first.name]?.focus();
  };

  const handleChange = (name: IdField, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (checked) setProblems(validate(next).problems);
  };

  return (
    <div className="course-stats-filter-fold">
      <div className="course-stats-filter-toggle">
        <button
          type="button"
          className="button"
          aria-expanded={expanded}
          aria-controls={formId}
          onClick={() => setExpanded((open) => !open)}
        >
          <span aria-hidden="true" className="course-stats-filter-chevron">
            {expanded ? '▾' : '▸'}
          </span>{' '}
          {texts.filtersToggle}
        </button>
        {!expanded && summary !== '' && <span className="muted course-stats-filter-summary">{summary}</span>}
      </div>
      <form
        id={formId}
        className="course-stats-filters"
        onSubmit={handleSubmit}
        noValidate
        aria-label={texts.filtersLegend}
        hidden={!expanded}
      >
        {FIELDS.map((field) => {
          const id = `${idPrefix}-${field.name}`;
          const problem = problems[field.name];
          const describedBy = [problem ? `${id}-error` : null, field.required ? null : `${id}-hint`]
            .filter((part) => part !== null)
            .join(' ');
          return (
            <div className="field" key={field.name}>
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
                aria-invalid={problem ? true : undefined}
                aria-describedby={describedBy || undefined}
                value={values[field.name]}
                onChange={(event) => handleChange(field.name, event.target.value)}
              />
              {!field.required && (
                <span id={`${id}-hint`} className="muted field-hint">
                  {texts.optional}
                </span>
              )}
              {problem && (
                <span id={`${id}-error`} className="field-error">
                  {texts.idProblem(field.name, problem)}
                </span>
              )}
            </div>
          );
        })}
        <button type="submit" className="button button-primary">
          {texts.show}
        </button>
      </form>
    </div>
  );
}
