import type { CourseSession } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { foldText } from '@/lib/fold-text';
import { parseTimestamp } from '@/lib/format';
import { parseIdInput, readNameOrId, type IdProblem } from '@/course/id-input';
import { courseQueries } from '@/course/course-queries';
import { compareKeys } from '../fields/multi-sort';

/** A session the Session field offers, by name: what it reads of the course's sessions. */
export type SessionChoice = Pick<CourseSession, 'id' | 'name' | 'started_at' | 'finished_at' | 'infinitely'>;

export interface SessionChoices {
  active: SessionChoice[];
  archived: SessionChoice[];
}

/** What the Session field can offer: sessions; 'unlisted' where the LMS lists none (ID only); undefined while read. */
export type SessionList = SessionChoices | 'unlisted' | undefined;

/** Newest start first; sessions without a start date after those with one; then by name. */
function byStart(a: SessionChoice, b: SessionChoice): number {
  const newestFirst = compareKeys(parseTimestamp(a.started_at), parseTimestamp(b.started_at), -1);
  return newestFirst || a.name.localeCompare(b.name) || a.id - b.id;
}

export function findSession(choices: SessionChoices, id: number): SessionChoice | undefined {
  return choices.active.find((choice) => choice.id === id) ?? choices.archived.find((choice) => choice.id === id);
}

/** The Session field's value: the session chosen (from the list or the link; null for all), and any text typed since. */
export interface SessionInput {
  chosen: number | null;
  /** Null while the field shows the session chosen. */
  typed: string | null;
}

export interface SessionMatches {
  /** The text is an ID: the session it names, listed (`choice`) or not. It comes first. */
  byId: { id: number; choice: SessionChoice | undefined } | null;
  /** The other sessions whose name or ID holds the text (all of them for no text), in their groups. */
  active: SessionChoice[];
  archived: SessionChoice[];
  /** False for a number that is no ID ("042"): none of the matches is what was meant, so none is chosen by Enter. */
  autoSelect: boolean;
}

/** The sessions that match the text typed: by name (case and accents ignored) or by ID. */
export function matchSessions(choices: SessionChoices, typed: string): SessionMatches {
  const reading = readNameOrId(typed);
  const query = foldText(typed.trim());
  const byId = reading.kind === 'id' ? { id: reading.id, choice: findSession(choices, reading.id) } : null;
  const matches = (choice: SessionChoice) =>
    choice.id !== byId?.id && (foldText(choice.name).includes(query) || String(choice.id).includes(query));
  return {
    byId,
    active: choices.active.filter(matches),
    archived: choices.archived.filter(matches),
    autoSelect: reading.kind !== 'bad_id',
  };
}

export type SessionProblem = IdProblem | 'unknown_name';

export type SessionReading = { ok: true; id: number | null } | { ok: false; problem: SessionProblem };

/** The session the field names: an ID (listed or not), or one listed session's name (case and accents aside). */
export function readSession(input: SessionInput, sessions: SessionList): SessionReading {
  if (input.typed === null) return { ok: true, id: input.chosen };
  if (sessions === 'unlisted') {
    const result = parseIdInput(input.typed);
    return result.ok ? { ok: true, id: result.value } : { ok: false, problem: result.problem };
  }
  const reading = readNameOrId(input.typed);
  switch (reading.kind) {
    case 'empty':
      return { ok: true, id: null };
    case 'id':
      return { ok: true, id: reading.id };
    case 'bad_id':
      return { ok: false, problem: reading.problem };
    case 'name': {
      const name = foldText(reading.text);
      const named = [...(sessions?.active ?? []), ...(sessions?.archived ?? [])].filter(
        (choice) => foldText(choice.name.trim()) === name,
      );
      const only = named.length === 1 ? named[0] : undefined;
      return only ? { ok: true, id: only.id } : { ok: false, problem: 'unknown_name' };
    }
  }
}

/**
 * The course's sessions for the Session filter, read once `enabled` (after the first rows, which must not wait for it).
 * Where the LMS lists none (an error, or two empty lists), 'unlisted': an ID only. With the lists' parse report.
 */
export function useSessionList(courseId: number, enabled: boolean) {
  const { data, isError } = useQuery({ ...courseQueries.sessions(courseId), enabled });
  const sessions = useMemo((): SessionList => {
    if (!data) return isError ? 'unlisted' : undefined;
    if (data.active.length + data.archived.length === 0) return 'unlisted';
    return { active: [...data.active].sort(byStart), archived: [...data.archived].sort(byStart) };
  }, [data, isError]);
  return { sessions, report: data?.report };
}
