import type { CourseSession, CourseStat } from '@contract';
import { parseTimestamp } from '@/lib/format';
import type { CourseSessionLists } from '../api/course-sessions-queries';

/** A session the Session filter offers, by name. */
export interface SessionChoice {
  id: number;
  name: string;
  /** Dates are known only from the session list; null where the names come from the rows. */
  startedAt: string | null;
  finishedAt: string | null;
  /** No end date: the session runs on. */
  endless: boolean;
}

export interface SessionChoices {
  /** 'list': the LMS's session list; 'rows': the LMS gave none, so the names come from the rows loaded. */
  source: 'list' | 'rows';
  active: SessionChoice[];
  archived: SessionChoice[];
}

/** Newest start first; sessions without a start date after those with one; then by name. */
function byStart(a: SessionChoice, b: SessionChoice): number {
  const startA = parseTimestamp(a.startedAt);
  const startB = parseTimestamp(b.startedAt);
  if (startA !== startB) {
    if (startA === null) return 1;
    if (startB === null) return -1;
    return startB - startA;
  }
  return a.name.localeCompare(b.name) || a.id - b.id;
}

function choiceOf(session: CourseSession): SessionChoice {
  return {
    id: session.id,
    name: session.name,
    startedAt: session.started_at,
    finishedAt: session.finished_at,
    endless: session.infinitely === true,
  };
}

export function choicesFromList(lists: CourseSessionLists): SessionChoices {
  return {
    source: 'list',
    active: lists.active.map(choiceOf).sort(byStart),
    archived: lists.archived.map(choiceOf).sort(byStart),
  };
}

/** The sessions named in `rows`, each once, by name: the fallback where the LMS has no session list. */
export function choicesFromRows(rows: readonly CourseStat[]): SessionChoices {
  const names = new Map<number, string>();
  for (const row of rows) {
    if (!names.has(row.course_session_id)) names.set(row.course_session_id, row.course_session_name);
  }
  const active = [...names].map(([id, name]) => ({ id, name, startedAt: null, finishedAt: null, endless: false }));
  return { source: 'rows', active: active.sort(byStart), archived: [] };
}
