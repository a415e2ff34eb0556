// What a query to the API's endpoints may hold (the two of the description, and the course list and sessions beyond it), checked the same way by the demo API (which answers it) and
// the proxy (which refuses it with 400 before the upstream sees it): each allowed name at most once, integers in
// their one canonical spelling, the contract's limits (per_page 1..100), and a bounded length.
import {
  COURSE_SESSIONS_QUERY_NAMES,
  courseSessionsQuerySchema,
  COURSE_STATS_QUERY_NAMES,
  COURSES_QUERY_NAMES,
  coursesQuerySchema,
  courseStatsQuerySchema,
  LABEL_GROUPS_QUERY_NAMES,
  type CourseSessionsQuery,
  type CoursesQuery,
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

/**
 * The query's parameters, each one the endpoint allows and each given at most once, but for the repeatable ones
 * (types[]), whose values come joined by commas; else a message naming it.
 */
function readQuery(
  rawQuery: string,
  allowed: readonly string[],
  unknown: UnknownNames,
  repeatable: readonly string[] = [],
): Checked<Map<string, string>> {
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
    if (repeatable.includes(name)) {
      // Joined by commas, which no value may hold: "types[]=1,2" is not two types.
      if (given.some((value) => value.includes(',')))
        return { ok: false, error: `Query parameter ${name} is malformed` };
      values.set(name, given.join(','));
      continue;
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

/** The canonical positive integers among the named parameters; else a message naming the first that is not one. */
function readIntegers<N extends string>(
  values: ReadonlyMap<string, string>,
  names: readonly N[],
): Checked<Partial<Record<N, number>>> {
  const numbers: Partial<Record<N, number>> = {};
  for (const name of names) {
    const text = values.get(name);
    if (text === undefined) continue;
    const value = parsePositiveInt(text);
    if (value === null) return { ok: false, error: `Query parameter ${name} must be a positive integer` };
    numbers[name] = value;
  }
  return { ok: true, value: numbers };
}

function outOfRange(issue: { path: readonly PropertyKey[]; message: string } | undefined): Checked<never> {
  const name = issue?.path[0];
  return { ok: false, error: `Query parameter ${String(name)} is out of range: ${issue?.message}` };
}

/**
 * The course list's query (beyond the API description, docs/api.md): page and per_page as for the statistics
 * (per_page at most 100), and types[] as many times as needed (at most 10), each a positive integer. Repeated
 * types are kept once, in the order first given.
 */
export function readCoursesQuery(rawQuery: string, unknown: UnknownNames = 'refuse'): Checked<ReadQuery<CoursesQuery>> {
  const query = readQuery(rawQuery, COURSES_QUERY_NAMES, unknown, ['types[]']);
  if (!query.ok) return query;
  const numbers = readIntegers(query.value, ['page', 'per_page'] as const);
  if (!numbers.ok) return numbers;
  const typesText = query.value.get('types[]');
  const types: number[] = [];
  if (typesText !== undefined) {
    for (const text of typesText.split(',')) {
      const type = parsePositiveInt(text);
      if (type === null) return { ok: false, error: 'Query parameter types[] must be positive integers' };
      if (!types.includes(type)) types.push(type);
    }
  }
  const result = coursesQuerySchema.safeParse({
    ...numbers.value,
    ...(typesText === undefined ? {} : { 'types[]': types }),
  });
  if (!result.success) return outOfRange(result.error.issues[0]);
  return { ok: true, value: { params: result.data, accessToken: query.value.get('access_token') } };
}

/** A course's sessions' query (beyond the API description): filter active or archived, page and per_page. */
export function readCourseSessionsQuery(
  rawQuery: string,
  unknown: UnknownNames = 'refuse',
): Checked<ReadQuery<CourseSessionsQuery>> {
  const query = readQuery(rawQuery, COURSE_SESSIONS_QUERY_NAMES, unknown);
  if (!query.ok) return query;
  const numbers = readIntegers(query.value, ['page', 'per_page'] as const);
  if (!numbers.ok) return numbers;
  const filter = query.value.get('filter');
  const result = courseSessionsQuerySchema.safeParse({ ...numbers.value, ...(filter === undefined ? {} : { filter }) });
  if (!result.success) {
    const issue = result.error.issues[0];
    if (issue?.path[0] === 'filter') return { ok: false, error: 'Query parameter filter must be active or archived' };
    return outOfRange(issue);
  }
  return { ok: true, value: { params: result.data, accessToken: query.value.get('access_token') } };
}
