import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { parseIdInput, type IdProblem } from '@/course/id-input';
import { useCatalog } from '@/lib/i18n';
import { fieldCatalogs } from '../fields/strings';
import { FilterFoldToggle, useFilterFold } from './filter-fold';
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

export interface CourseStatsFilterFormProps {
  initial?: Partial<FilterFormValues>;
  onSubmit: (filters: SubmittedFilters) => void;
}

/**
 * Course, user and session ids, where no course is open yet (`/courses`, an address that names none). Checked on
 * submit, then again on every change once a message shows; the first invalid field gets focus, and nothing invalid
 * is submitted. Narrow screens fold the user and session fields away; the course field always shows.
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
  const fold = useFilterFold();
  const summary = FIELDS.filter((field) => !field.required && values[field.name].trim() !== '').map(
    (field) => `${words.fieldLabels[field.label]} ${values[field.name].trim()}`,
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validate(values);
    const first = FIELDS.find((field) => result.problems[field.name] !== undefined);
    // Rendered at once: a folded field with a problem unfolds, and must be in the page before it takes focus.
    flushSync(() => {
      setProblems(result.problems);
      setChecked(true);
      if (first && !first.required) fold.unfold();
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
    return (
      <div key={field.name} className="field">
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
    );
  };
  const [courseField, ...moreFields] = FIELDS;

  return (
    <form
      className="course-stats-filters"
      onSubmit={handleSubmit}
      noValidate
      aria-label={texts.filtersLegend}
      data-folded={fold.folded || undefined}
    >
      {courseField && renderField(courseField)}
      <div id={fold.moreId} className="course-stats-filter-more" hidden={fold.folded}>
        {moreFields.map(renderField)}
      </div>
      <button type="submit" className="button button-primary">
        {texts.show}
      </button>
      <FilterFoldToggle fold={fold} summary={summary} />
    </form>
  );
}
