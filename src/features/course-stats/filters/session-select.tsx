import { formatDate } from '@/lib/format';
import { useCatalog, useLocale } from '@/lib/i18n';
import type { SessionChoice, SessionChoices } from './session-choices';
import { filterCatalogs, type FilterTexts } from './strings';

export interface SessionSelectProps {
  id: string;
  choices: SessionChoices;
  /** The Session ID field's text: the select shows the session it names. */
  value: string;
  onChange: (value: string) => void;
}

const ANY = '';
const TYPED = 'typed';

function describeDates(choice: SessionChoice, texts: FilterTexts, locale: string): string | null {
  const from = choice.startedAt === null ? null : formatDate(choice.startedAt, { locale });
  const to = choice.endless || choice.finishedAt === null ? null : formatDate(choice.finishedAt, { locale });
  if (from !== null && to !== null) return texts.sessionDates(from, to);
  if (from !== null) return texts.sessionFrom(from);
  if (to !== null) return texts.sessionUntil(to);
  return null;
}

function optionText(choice: SessionChoice, texts: FilterTexts, locale: string): string {
  const dates = describeDates(choice, texts, locale);
  const name = choice.name.trim() === '' ? texts.filterSession(choice.id) : choice.name;
  return dates === null ? name : `${name} · ${dates}`;
}

/**
 * The course's sessions by name, active first, then archived, each with its dates: choosing one fills the Session
 * ID field (which still takes an ID typed by hand; the select then says so).
 */
export function SessionSelect({ id, choices, value, onChange }: SessionSelectProps) {
  const texts = useCatalog(filterCatalogs);
  const { locale } = useLocale();
  const typedId = value.trim();
  const listed = [...choices.active, ...choices.archived].some((choice) => String(choice.id) === typedId);
  const selected = typedId === '' ? ANY : listed ? typedId : TYPED;
  const typedNumber = Number(typedId);
  const renderOption = (choice: SessionChoice) => (
    <option key={choice.id} value={String(choice.id)}>
      {optionText(choice, texts, locale)}
    </option>
  );
  return (
    <div className="field course-stats-session-select">
      <label htmlFor={id}>{texts.session}</label>
      <select
        id={id}
        value={selected}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          if (event.target.value !== TYPED) onChange(event.target.value);
        }}
      >
        <option value={ANY}>{texts.anySession}</option>
        {choices.source === 'rows' ? (
          <optgroup label={texts.sessionsFromRows}>{choices.active.map(renderOption)}</optgroup>
        ) : (
          <>
            {choices.active.length > 0 && (
              <optgroup label={texts.activeSessions}>{choices.active.map(renderOption)}</optgroup>
            )}
            {choices.archived.length > 0 && (
              <optgroup label={texts.archivedSessions}>{choices.archived.map(renderOption)}</optgroup>
            )}
          </>
        )}
        {selected === TYPED && (
          <option value={TYPED}>{Number.isSafeInteger(typedNumber) ? texts.otherSession(typedNumber) : typedId}</option>
        )}
      </select>
      <span id={`${id}-hint`} className="visually-hidden">
        {choices.source === 'rows' ? texts.sessionsFromRowsHint : texts.sessionsHint}
      </span>
    </div>
  );
}
