// What a query to the API's two endpoints may hold, checked the same way by the demo API (which answers it) and
// the proxy (which refuses it with 400 before the upstream sees it): each allowed name at most once, integers in
// their one canonical spelling, the contract's limits (per_page 1..100), and a bounded length.
import {
  COURSE_STATS_QUERY_NAMES,
  courseStatsQuerySchema,
  LABEL_GROUPS_QUERY_NAMES,
  type CourseStatsQuery,
} from '../contract/index';
import { parsePositiveInt, parseQueryString, quote } from './query-string';

/** No client of ours sends more than a few dozen characters; a token in the query leaves room to spare. */
export const QUERY_MAX_LENGTH = 4096;

const INTEGER_PARAMS = ['user_id', 'course_session_id', 'page', 'per_page'] as const;

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * What to do with a name the endpoint does not know: the demo API refuses it (it is the API and says so); the
 * proxy drops it unread, as it always has, and forwards only what it checked.
 */
export type UnknownNames = 'refuse' | 'drop';

/** What a query asks for once checked: the endpoint's own parameters and the token, if it came in the query. */
export interface ReadQuery<P> {
  readonly params: Readonly<P>;
  readonly accessToken: string | undefined;
}

/** The query's parameters, each given at most once and each one the endpoint allows; else a message naming it. */
function readQuery(rawQuery: string, allowed: readonly string[], unknown: UnknownNames): Checked<Map<string, string>> {
  if (rawQuery.length > QUERY_MAX_LENGTH) {
    return { ok: false, error: `The query string is too long (at most ${QUERY_MAX_LENGTH} characters)` };
  }
  const parsed = parseQueryString(rawQuery);
  if (!parsed.ok) return parsed;
  const values = new Map<string, string>();
  for (const [name, given] of parsed.params) {
    if (!allowed.includes(name)) {
      if (unknown === 'drop') continue;
      return { ok: false, error: `Unknown query parameter ${quote(name)}; allowed: ${allowed.join(', ')}` };
    }
    const [value] = given;
    if (given.length > 1 || value === undefined) return { ok: false, error: `Query parameter ${name} is repeated` };
    values.set(name, value);
  }
  return { ok: true, value: values };
}

function readStatsParams(values: ReadonlyMap<string, string>): Checked<CourseStatsQuery> {
  const numbers: Partial<Record<(typeof INTEGER_PARAMS)[number], number>> = {};
  for (const name of INTEGER_PARAMS) {
    const text = values.get(name);
    if (text === undefined) continue;
    const value = parsePositiveInt(text);
    if (value === null) return { ok: false, error: `Query parameter ${name} must be a positive integer` };
    numbers[name] = value;
  }
  // The contract holds the limits (per_page at most 100), so they cannot drift from what the client checks.
  const result = courseStatsQuerySchema.safeParse(numbers);
  if (!result.success) {
    const issue = result.error.issues[0];
    return { ok: false, error: `Query parameter ${issue?.path.join('.')} is out of range: ${issue?.message}` };
  }
  return { ok: true, value: result.data };
}

export function readStatsQuery(
  rawQuery: string,
  unknown: UnknownNames = 'refuse',
): Checked<ReadQuery<CourseStatsQuery>> {
  const query = readQuery(rawQuery, COURSE_STATS_QUERY_NAMES, unknown);
  if (!query.ok) return query;
  const params = readStatsParams(query.value);
  if (!params.ok) return params;
  return { ok: true, value: { params: params.value, accessToken: query.value.get('access_token') } };
}

export function readLabelGroupsQuery(
  rawQuery: string,
  unknown: UnknownNames = 'refuse',
): Checked<ReadQuery<Record<string, never>>> {
  const query = readQuery(rawQuery, LABEL_GROUPS_QUERY_NAMES, unknown);
  if (!query.ok) return query;
  return { ok: true, value: { params: {}, accessToken: query.value.get('access_token') } };
}
