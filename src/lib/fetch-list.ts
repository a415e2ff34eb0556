// The list endpoints, a page at a time; apart from api-client.ts, so their table and schemas load with the screens.
import {
  apiPath,
  appParamsSchema,
  ENDPOINTS,
  NotAnArrayError,
  parseList,
  wireSearch,
  type AppParamsSchema,
  type Course,
  type CourseSession,
  type CourseSessionsParamsInput,
  type CoursesParamsInput,
  type CourseStat,
  type CourseStatsParamsInput,
  type Endpoint,
  type LabelGroup,
  type ListSpec,
  type ParsedList,
} from '@contract';
import type * as z from 'zod/mini';
import { getJson } from './api-client';
import { ApiError, InvalidRequestError } from './api-error';
import { parseTotal } from './list-end';
import type { RequestOptions } from './api-transport';

/**
 * One request to an endpoint of the contract's table (`ENDPOINTS.x`): parameters checked by its schema (an invalid one
 * throws before sending), the URL from its path and wire names only, items parsed one by one by its list spec.
 */
async function fetchList<S extends z.ZodMiniType, E extends Endpoint>(
  entry: E & { readonly list: ListSpec<S> },
  params: z.input<AppParamsSchema<E>>,
  options: RequestOptions = {},
): Promise<{ list: ParsedList<z.output<S>>; total: number | null }> {
  const body = await getJson(requestPath(entry, params), options);
  let list: ParsedList<z.output<S>>;
  try {
    list = parseList(body.json, entry.list);
  } catch (error) {
    if (!(error instanceof NotAnArrayError)) throw error;
    throw new ApiError({ kind: 'invalid_response', status: body.status, reason: error.message });
  }
  return { list, total: entry.counted ? parseTotal(body.headers.get('Total')) : null };
}

/** A request's URL, the one place a query string is written: its parameters by wire name; throws if invalid. */
function requestPath(entry: Endpoint, input: unknown): string {
  const parsed = appParamsSchema(entry).safeParse(input, { reportInput: true });
  if (!parsed.success) throw new InvalidRequestError(describeInvalid(entry, parsed.error.issues[0]));
  const values: Readonly<Record<string, unknown>> = parsed.data;
  const ids: Record<string, number> = {};
  for (const [wire, key] of Object.entries(entry.ids)) {
    const id = values[key];
    if (typeof id === 'number') ids[wire] = id;
  }
  const query: Record<string, unknown> = {};
  for (const { wire, key } of entry.query) if (key !== undefined) query[wire] = values[key];
  const search = wireSearch(entry, query).toString();
  return search === '' ? apiPath(entry, ids) : `${apiPath(entry, ids)}?${search}`;
}

/** What is wrong with a request, under the wire's name for the value. */
function describeInvalid(entry: Endpoint, issue: z.core.$ZodIssue | undefined): string {
  const key = issue?.path[0];
  const id = Object.entries(entry.ids).find(([, idKey]) => idKey === key)?.[0];
  if (id !== undefined) return `Invalid ${id}: must be a positive integer, got ${String(issue?.input)}`;
  const name = entry.query.find((param) => param.key === key)?.wire ?? 'parameter';
  return `Invalid ${name}: ${issue?.message ?? ''}`;
}

export async function fetchCourseStats(
  params: CourseStatsParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<CourseStat>> {
  return (await fetchList(ENDPOINTS.courseStats, params, options)).list;
}

/** A page of the LMS's course list (beyond docs/api.md), each course parsed alone; `total` from a usable `Total`. */
export async function fetchCourses(
  params: CoursesParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<Course> & { total: number | null }> {
  const { list, total } = await fetchList(ENDPOINTS.courses, params, options);
  return { ...list, total };
}

/** One page of a course's active or archived sessions, beyond the API description (docs/api.md). */
export async function fetchCourseSessions(
  params: CourseSessionsParamsInput,
  options: RequestOptions = {},
): Promise<ParsedList<CourseSession>> {
  return (await fetchList(ENDPOINTS.courseSessions, params, options)).list;
}

export async function fetchLabelGroups(options: RequestOptions = {}): Promise<ParsedList<LabelGroup>> {
  return (await fetchList(ENDPOINTS.labelGroups, {}, options)).list;
}
