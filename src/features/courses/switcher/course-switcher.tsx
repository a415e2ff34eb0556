import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Combobox, type ComboboxOption } from '@/components/combobox/combobox';
import { idCatalogs } from '@/components/id-strings';
import { useCatalog } from '@/lib/i18n';
import { parseIdInput, readNameOrId, type IdProblem } from '@/course/id-input';
import { isRecord } from '@/lib/is-record';
import { useAfterPaint } from '@/lib/use-after-paint';
import { useCourseList } from '@/course/use-course-list';
import { byRecentActivity, indexCourse, searchCourses } from './course-order';
import { switcherCatalogs } from './strings';
import './course-switcher.css';

export interface CourseSwitcherProps {
  courseId: number;
  /** The course's name as the page knows it (from its rows); null where it does not. */
  courseName: string | null;
  /** Where another course's statistics are, with the filters that still apply. */
  hrefFor: (courseId: number) => string;
}

/** Options shown at once: a name typed narrows 1,000 courses down quickly, and a long listbox helps nobody. */
const MAX_OPTIONS = 50;
/** Navigation state that asks the next course's switcher to take focus, so the keyboard stays where it was. */
const FOCUS_STATE = 'focusCourseSwitcher';

/**
 * The statistics page's one Course field, in its header, for a name or an ID: a combobox over the LMS's course list
 * (read to the end once opened) that also opens a course by an ID it does not hold ("Course 42"). Enter opens, Escape
 * closes and then puts the name back. A plain ID field where the LMS lists none. A number that is no ID is refused
 * under the field; the text stays.
 */
export function CourseSwitcher({ courseId, courseName, hrefFor }: CourseSwitcherProps) {
  const texts = useCatalog(switcherCatalogs);
  const idTexts = useCatalog(idCatalogs);
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = `${useId()}-course`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  /** What the user typed; null while the field shows the course. */
  const [typed, setTyped] = useState<string | null>(null);
  /** Enter met a number that is no ID: from then on the text is checked as it changes. */
  const [checked, setChecked] = useState(false);
  // The list is read once the page is on screen (the rows it opens with come first), or at once when opened.
  const painted = useAfterPaint();
  const list = useCourseList({ readAll: open, enabled: painted || open });
  const unlisted =
    (list.listError !== null && list.listError !== undefined) || (list.complete && list.courses.length === 0);

  const listed = list.courses.find((course) => course.id === courseId);
  const name = courseName ?? listed?.name ?? null;
  const shownName = name !== null && name.trim() !== '' ? name : texts.unnamed(courseId);

  const sorted = useMemo(() => byRecentActivity(list.courses.map(indexCourse)), [list.courses]);
  const reading = readNameOrId(typed ?? '');
  const byId = reading.kind === 'id' ? reading.id : null;
  const matches = useMemo(
    () => searchCourses(sorted, typed ?? '').filter((entry) => entry.course.id !== byId),
    [sorted, typed, byId],
  );

  const focusAsked = isRecord(location.state) && location.state[FOCUS_STATE] === true;
  useEffect(() => {
    if (focusAsked) inputRef.current?.focus();
  }, [focusAsked]);

  // The text's problem, by the rule of the field it is in: an ID only, or a name or an ID.
  const problemOf = (text: string): IdProblem | null => {
    if (unlisted) {
      const result = parseIdInput(text, { required: true });
      return result.ok ? null : result.problem;
    }
    const read = readNameOrId(text);
    return read.kind === 'bad_id' ? read.problem : null;
  };
  const problem = checked && typed !== null ? problemOf(typed) : null;
  const revert = () => {
    setTyped(null);
    setChecked(false);
  };
  const openCourse = (id: number) => {
    revert();
    if (id !== courseId) void navigate(hrefFor(id), { state: { [FOCUS_STATE]: true } });
  };

  const option = (id: number, label: string, current: boolean): ComboboxOption<number> => ({
    key: String(id),
    value: id,
    label: label.trim() === '' ? texts.unnamed(id) : label,
    detail: texts.idShort(id),
    current,
  });
  const options: ComboboxOption<number>[] = [];
  if (byId !== null) {
    const exact = sorted.find((entry) => entry.course.id === byId);
    options.push(
      exact
        ? option(byId, exact.course.name, byId === courseId)
        : { key: `id-${byId}`, value: byId, label: texts.unnamed(byId), detail: idTexts.byId },
    );
  }
  for (const entry of matches.slice(0, MAX_OPTIONS - options.length))
    options.push(option(entry.course.id, entry.course.name, entry.course.id === courseId));

  // The courses of the list that match; an ID it does not hold is offered, not counted.
  const exactListed = byId !== null && options[0]?.key === String(byId);
  const total = matches.length + (exactListed ? 1 : 0);
  const shown = options.length - (byId !== null && !exactListed ? 1 : 0);
  const status = !list.complete
    ? texts.reading(list.courses.length, list.total)
    : total === 0
      ? byId === null
        ? texts.noMatch
        : texts.notListed(byId)
      : total > shown
        ? texts.moreMatches(total - shown)
        : texts.matches(total);

  return (
    <div className="course-switcher">
      <Combobox
        id={inputId}
        label={texts.label}
        hint={unlisted ? texts.idHint : texts.hint}
        groups={unlisted ? null : [{ label: null, options }]}
        listLabel={texts.listLabel}
        value={typed ?? (unlisted ? String(courseId) : shownName)}
        inputMode={unlisted ? 'numeric' : undefined}
        open={open}
        onOpenChange={setOpen}
        onType={setTyped}
        onChoose={(chosen) => openCourse(chosen.value)}
        onEnter={() => {
          if (typed === null) return;
          if (problemOf(typed) !== null) setChecked(true);
          else if (unlisted) openCourse(Number(typed.trim()));
          else if (reading.kind === 'id') openCourse(reading.id);
          else if (reading.kind === 'empty') revert();
        }}
        onRevert={revert}
        // A refused number stays to be corrected; a search left unfinished gives the course's name back.
        onLeave={() => {
          if (problem === null) revert();
        }}
        autoSelect={reading.kind !== 'bad_id'}
        status={status}
        error={problem === null ? null : idTexts.idProblem(texts.idName, problem)}
        inputRef={inputRef}
      />
      {unlisted && name !== null && name.trim() !== '' && <span className="muted course-switcher-name">{name}</span>}
    </div>
  );
}
