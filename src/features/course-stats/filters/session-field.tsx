import { useState, type Ref } from 'react';
import { Combobox, type ComboboxGroup, type ComboboxOption } from '@/components/combobox/combobox';
import { idCatalogs } from '@/components/id-strings';
import { formatDate } from '@/lib/format';
import { useCatalog, useLocale } from '@/lib/i18n';
import {
  findSession,
  matchSessions,
  type SessionChoice,
  type SessionChoices,
  type SessionInput,
  type SessionList,
} from './session-choices';
import { filterCatalogs, type FilterTexts } from './strings';

export interface SessionFieldProps {
  id: string;
  sessions: SessionList;
  value: SessionInput;
  onChange: (value: SessionInput) => void;
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

function describeDates(choice: SessionChoice, texts: FilterTexts, locale: string): string | undefined {
  const from = choice.started_at === null ? null : formatDate(choice.started_at, { locale });
  // A session that runs on (infinitely) has no end, whatever date it carries.
  const to =
    choice.infinitely === true || choice.finished_at === null ? null : formatDate(choice.finished_at, { locale });
  if (from !== null && to !== null) return texts.sessionDates(from, to);
  if (from !== null) return texts.sessionFrom(from);
  if (to !== null) return texts.sessionUntil(to);
  return undefined;
}

const nameOf = (choice: SessionChoice, texts: FilterTexts) =>
  choice.name.trim() === '' ? texts.unnamedSession(choice.id) : choice.name;

/** What the field shows for the session chosen: its name where the list has it, else its ID. */
export function shownSession(chosen: number | null, sessions: SessionList, texts: FilterTexts): string {
  if (chosen === null) return '';
  const choice = typeof sessions === 'object' ? findSession(sessions, chosen) : undefined;
  return choice ? nameOf(choice, texts) : String(chosen);
}

/**
 * The Session filter, for a name or an ID: a combobox over the course's sessions (active, then archived, with dates)
 * that takes an unlisted ID too; a plain ID field where the LMS lists none. Applied with Show.
 */
export function SessionField({ id, sessions, value, onChange, error, inputRef }: SessionFieldProps) {
  const texts = useCatalog(filterCatalogs);
  const idTexts = useCatalog(idCatalogs);
  const { locale } = useLocale();
  const [open, setOpen] = useState(false);
  const unlisted = sessions === 'unlisted';
  const choices: SessionChoices = typeof sessions === 'object' ? sessions : { active: [], archived: [] };
  const typed = value.typed ?? '';
  const matches = matchSessions(choices, typed);

  const option = (choice: SessionChoice): ComboboxOption<number | null> => ({
    key: String(choice.id),
    value: choice.id,
    label: nameOf(choice, texts),
    detail: describeDates(choice, texts, locale),
    current: choice.id === value.chosen,
  });
  const first: ComboboxOption<number | null>[] = [];
  if (typed.trim() === '')
    first.push({ key: 'all', value: null, label: texts.anySession, current: value.chosen === null });
  if (matches.byId)
    first.push(
      matches.byId.choice
        ? option(matches.byId.choice)
        : {
            key: `id-${matches.byId.id}`,
            value: matches.byId.id,
            label: texts.unnamedSession(matches.byId.id),
            detail: idTexts.byId,
          },
    );
  const groups: ComboboxGroup<number | null>[] = [
    { label: null, options: first },
    { label: texts.activeSessions, options: matches.active.map(option) },
    { label: texts.archivedSessions, options: matches.archived.map(option) },
  ];
  const count = first.length + matches.active.length + matches.archived.length;

  // The sessions of the list that match; an ID it does not hold is offered, not counted.
  const listedCount = matches.active.length + matches.archived.length + (matches.byId?.choice ? 1 : 0);
  let status = texts.sessionMatches(listedCount);
  if (sessions === undefined) status = texts.sessionsReading;
  else if (listedCount === 0 && matches.byId) status = texts.sessionNotListed(matches.byId.id);
  else if (count === 0) status = texts.sessionNoMatch;

  const choose = (chosen: number | null) => onChange({ chosen, typed: null });
  return (
    <Combobox
      id={id}
      className="course-stats-session-field"
      label={texts.session}
      hint={unlisted ? texts.sessionIdHint : texts.sessionHint}
      groups={unlisted ? null : groups}
      listLabel={texts.sessionList}
      value={value.typed ?? shownSession(value.chosen, sessions, texts)}
      placeholder={texts.anySession}
      inputMode={unlisted ? 'numeric' : undefined}
      open={open}
      onOpenChange={setOpen}
      onType={(text) => onChange({ chosen: value.chosen, typed: text })}
      onChoose={(chosen) => choose(chosen.value)}
      onRevert={value.typed === null ? undefined : () => choose(value.chosen)}
      // Leaving the field takes the option active, as Enter would: what is shown is what Show applies.
      onLeave={(active) => {
        if (active) choose(active.value);
      }}
      autoSelect={matches.autoSelect}
      status={status}
      error={error}
      inputRef={inputRef}
    />
  );
}
