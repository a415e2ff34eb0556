import type { Course } from '@contract';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useCatalog } from '@/lib/i18n';
import { isRecord } from '@/lib/is-record';
import { useAfterPaint } from '@/lib/use-after-paint';
import { useCourseList } from '../api/use-course-list';
import { DEFAULT_COURSE_SORT, indexCourse, searchCourses, sortCourses } from '../course-order';
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
 * The course's name in the statistics header, as a combobox (WAI-ARIA's list autocomplete with automatic
 * selection): typing part of a name or an ID lists the matching courses, the arrow keys move through them, Enter
 * opens the one chosen, Escape closes the list (and, pressed again, puts the name back). Courses come from the
 * LMS's list, read to the end once the list opens. Where the LMS lists no courses, the name is plain text.
 */
export function CourseSwitcher({ courseId, courseName, hrefFor }: CourseSwitcherProps) {
  const texts = useCatalog(switcherCatalogs);
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-list`;
  const hintId = `${id}-hint`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  /** What the user typed; null while the field shows the course's name. */
  const [typed, setTyped] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  // The list is read once the page is on screen (the rows it opens with come first), or at once when opened.
  const painted = useAfterPaint();
  const list = useCourseList({ readAll: open, enabled: painted || open });

  const listed = list.courses.find((course) => course.id === courseId);
  const name = courseName ?? listed?.name ?? null;
  const shownName = name !== null && name.trim() !== '' ? name : texts.unnamed(courseId);

  const sorted = useMemo(() => sortCourses(list.courses.map(indexCourse), DEFAULT_COURSE_SORT), [list.courses]);
  const matches = useMemo(() => (open ? searchCourses(sorted, typed ?? '') : []), [open, sorted, typed]);
  const options = matches.slice(0, MAX_OPTIONS);
  const activeIndex = Math.min(active, options.length - 1);
  const activeOption = activeIndex >= 0 ? options[activeIndex] : undefined;
  const optionId = (courseIdOfOption: number) => `${id}-course-${courseIdOfOption}`;
  const expanded = open && options.length > 0;

  const focusAsked = isRecord(location.state) && location.state[FOCUS_STATE] === true;
  useEffect(() => {
    if (focusAsked) inputRef.current?.focus();
  }, [focusAsked]);

  const activeId = activeOption ? optionId(activeOption.course.id) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  if (list.listError !== null && list.listError !== undefined) {
    return name === null ? null : <p className="muted">{texts.courseName(name)}</p>;
  }

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (course: Course) => {
    close();
    setTyped(null);
    if (course.id !== courseId) void navigate(hrefFor(course.id), { state: { [FOCUS_STATE]: true } });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else setActive(Math.min(activeIndex + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(0);
        } else setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Enter':
        if (expanded && activeOption) {
          event.preventDefault();
          choose(activeOption.course);
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
        } else if (typed !== null) {
          event.preventDefault();
          setTyped(null);
        }
        break;
    }
  };

  let status = '';
  if (open) {
    if (!list.complete) status = texts.reading(list.courses.length, list.total);
    else if (matches.length === 0) status = texts.noMatch;
    else if (matches.length > options.length) status = texts.moreMatches(matches.length - options.length);
    else status = texts.matches(matches.length);
  }

  return (
    <div className="course-switcher">
      <label htmlFor={inputId}>{texts.label}</label>
      <div className="course-switcher-box">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded ? activeId : undefined}
          aria-describedby={hintId}
          autoComplete="off"
          spellCheck={false}
          value={typed ?? shownName}
          onFocus={(event) => event.currentTarget.select()}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            setTyped(null);
          }}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={texts.listLabel}
          className="course-switcher-list"
          hidden={!expanded}
        >
          {options.map((entry, index) => (
            <li
              key={entry.course.id}
              id={optionId(entry.course.id)}
              role="option"
              aria-selected={index === activeIndex}
              className={entry.course.id === courseId ? 'is-current' : undefined}
              // The field keeps the focus: a press on an option must not blur it first (which closes the list).
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(entry.course)}
            >
              <span className="course-switcher-name">
                {entry.course.name.trim() === '' ? texts.unnamed(entry.course.id) : entry.course.name}
              </span>{' '}
              <span className="muted">{texts.idShort(entry.course.id)}</span>
            </li>
          ))}
        </ul>
      </div>
      <span id={hintId} className="visually-hidden">
        {texts.hint}
      </span>
      <span role="status" className="course-switcher-status">
        {status}
      </span>
    </div>
  );
}
