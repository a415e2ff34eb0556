// What a query to the API's endpoints may hold, checked the same way by the demo API (which answers it) and the
// proxy (which refuses it with 400 before the upstream sees it): the names the endpoint table gives it, each at most
// once but for a repeatable one, integers in their one canonical spelling, the table's limits (per_page 1..100), and
// a bounded length.
import {
  ACCESS_TOKEN_PARAM,
  pathIdNames,
  type PathIdName,
  wireQuerySchema,
  type Endpoint,
  type QueryParam,
  type WireQuery,
} from '../contract/index';
import { parsePositiveInt, parseQueryString, quote } from './query-string';

/** No client of ours sends more than a few dozen characters; a token in the query leaves room to spare. */
export const QUERY_MAX_LENGTH = 4096;

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

export type QueryReader<E extends Endpoint> = (
  rawQuery: string,
  unknown?: UnknownNames,
) => Checked<ReadQuery<WireQuery<E>>>;

/**
 * The query's parameters, each one the endpoint allows and each given at most once, but for the repeatable ones
 * (types[]), whose values come joined by commas; else a message naming it.
 */
function readNames(
  rawQuery: string,
  allowed: readonly string[],
  unknown: UnknownNames,
  repeatable: readonly string[],
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

/** One parameter's text as its reading takes it; else a message naming it. */
function readValue(param: QueryParam, text: string): Checked<unknown> {
  if (param.read === 'text') return { ok: true, value: text };
  if (param.read === 'integer') {
    const value = parsePositiveInt(text);
    if (value === null) return { ok: false, error: `Query parameter ${param.wire} must be a positive integer` };
    return { ok: true, value };
  }
  // Several integers: each kept once, in the order first given.
  const values: number[] = [];
  for (const each of text.split(',')) {
    const value = parsePositiveInt(each);
    if (value === null) return { ok: false, error: `Query parameter ${param.wire} must be positive integers` };
    if (!values.includes(value)) values.push(value);
  }
  return { ok: true, value: values };
}

/**
 * The reader of one endpoint's query: the names it allows (the token's and the table's, in that order), each value
 * read as the table says, then held to the table's schema, so the limits cannot drift from what the client checks.
 */
export function queryReader<E extends Endpoint>(endpoint: E): QueryReader<E> {
  const allowed = [ACCESS_TOKEN_PARAM, ...endpoint.query.map((param) => param.wire)];
  const repeatable = endpoint.query.filter((param) => param.read === 'integers').map((param) => param.wire);
  const schema = wireQuerySchema(endpoint);
  return (rawQuery, unknown = 'refuse') => {
    const names = readNames(rawQuery, allowed, unknown, repeatable);
    if (!names.ok) return names;
    const values: Record<string, unknown> = {};
    for (const param of endpoint.query) {
      const text = names.value.get(param.wire);
      if (text === undefined) continue;
      const value = readValue(param, text);
      if (!value.ok) return value;
      values[param.wire] = value.value;
    }
    const result = schema.safeParse(values);
    if (!result.success) {
      const issue = result.error.issues[0];
      const name = String(issue?.path[0]);
      const refusal = endpoint.query.find((param) => param.wire === name)?.refusal;
      const error = refusal ?? `is out of range: ${issue?.message}`;
      return { ok: false, error: `Query parameter ${name} ${error}` };
    }
    return { ok: true, value: { params: result.data, accessToken: names.value.get(ACCESS_TOKEN_PARAM) } };
  };
}

/** An endpoint's ids as its path gives them: text, by the names of its route. */
export type PathParams<E extends Endpoint> = Readonly<Record<PathIdName<E['path']>, string>>;

/**
 * The check of an endpoint's path: each id a positive integer in its one spelling. Any other path names nothing,
 * so the demo API and the proxy answer it with 404 (the refusal) without going further.
 */
export function pathIdCheck<E extends Endpoint>(endpoint: E) {
  const names = pathIdNames(endpoint);
  const badName = (params: Readonly<Record<string, string>>): string | undefined => {
    for (const name of names) if (parsePositiveInt(params[name] ?? '') === null) return name;
    return undefined;
  };
  return {
    accepts: (params: Readonly<Record<string, string>>): params is PathParams<E> => badName(params) === undefined,
    refusal(params: Readonly<Record<string, string>>): string {
      const noun = (badName(params) ?? '').replace(/_id$/, '').replaceAll('_', ' ');
      return `No such ${noun}: the ${noun} id must be a positive integer`;
    },
  };
}
