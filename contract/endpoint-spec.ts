import * as z from 'zod/mini';
import type { ListSpec } from './parse-list';
import { positiveIdSchema } from './params';

// What one read endpoint of the API is, as data (the table itself is endpoints.ts), and what is derived from it for
// both sides: the app's request schema, the wire's query schema, the path and the query string.

/** Where the API's read endpoints are: the browser calls them on our origin under the same prefix. */
export const API_PREFIX = '/endpoint/v1';

/** The query parameter the API takes the token in. */
export const ACCESS_TOKEN_PARAM = 'access_token';

/**
 * How a parameter's text is read before its schema judges the value: a positive integer in its one canonical
 * spelling, several of them (a repeatable name such as types[]), or text as it came.
 */
export type QueryReading = 'integer' | 'integers' | 'text';

/** One query parameter: its name on the wire, the app's name for it and the values the API takes. */
export interface QueryParam {
  readonly wire: string;
  /** The app's name for it; absent: the app never sends it, though the API takes it (and the proxy forwards it). */
  readonly key?: string;
  /** One value as the API takes it, its limits included (for a repeatable name, the list). */
  readonly schema: z.ZodMiniType;
  readonly read: QueryReading;
  /** The app's rule: always given, or this value when the caller gives none; else it may be left out. */
  readonly app?: 'required' | { readonly default: unknown };
  /** What a refused value is told, after "Query parameter <wire>" (else its range and zod's reason). */
  readonly refusal?: string;
}

/** One read endpoint: a GET that answers a JSON array. */
export interface Endpoint {
  /** Below API_PREFIX, as Fastify and MSW write a route: each `:name` is a positive integer id. */
  readonly path: `/${string}`;
  /** The app's name for each id in the path. */
  readonly ids: Readonly<Record<string, string>>;
  /** The parameters the API takes besides the token, in the order they are sent. */
  readonly query: readonly QueryParam[];
  /** Whether a request without a token is answered (the token is still checked when one comes). */
  readonly token: 'required' | 'optional';
  /** How an item is read (parseList). */
  readonly list: ListSpec<z.ZodMiniType>;
  /** Whether the answer's `Total` and `Per-Page` headers say how long the whole list is. */
  readonly counted: boolean;
}

/** The `:name`s of a route pattern. */
export type PathIdName<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathIdName<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** Holds a table entry to its own path: an app name for each id in it. */
export function endpoint<const E extends Endpoint & { ids: Record<PathIdName<E['path']>, string> }>(entry: E): E {
  return entry;
}

type AppField<P extends QueryParam> = P extends { app: { default: unknown } }
  ? z.ZodMiniDefault<P['schema']>
  : P extends { app: 'required' }
    ? P['schema']
    : z.ZodMiniOptional<P['schema']>;

type AppShape<E extends Endpoint> = {
  [Id in keyof E['ids'] as E['ids'][Id] & string]: typeof positiveIdSchema;
} & {
  [P in E['query'][number] as P extends { key: infer K extends string } ? K : never]: AppField<P>;
};

type WireShape<E extends Endpoint> = {
  [P in E['query'][number] as P['wire']]: z.ZodMiniOptional<P['schema']>;
};

/** An endpoint's request as the app holds it: its ids and parameters under the app's names. */
export type AppParamsSchema<E extends Endpoint> = z.ZodMiniObject<AppShape<E>, z.core.$strip>;
/** An endpoint's query string besides the token, as it arrives: the wire's names, each optional, no others. */
export type WireQuerySchema<E extends Endpoint> = z.ZodMiniObject<WireShape<E>, z.core.$strict>;
export type WireQuery<E extends Endpoint> = z.output<WireQuerySchema<E>>;

const appSchemas = new WeakMap<Endpoint, z.ZodMiniType>();
const wireSchemas = new WeakMap<Endpoint, z.ZodMiniType>();

/**
 * The app's request schema of an endpoint, made once. The shape is put together from the entry at run time, which
 * the type system cannot follow: the assertion says what the entry's types spell out (endpoints.test.ts holds the
 * two together).
 */
export function appParamsSchema<E extends Endpoint>(entry: E): AppParamsSchema<E> {
  let schema = appSchemas.get(entry);
  if (schema === undefined) {
    const shape: Record<string, z.ZodMiniType> = {};
    for (const key of Object.values(entry.ids)) shape[key] = positiveIdSchema;
    for (const { key, schema: value, app } of entry.query) {
      if (key === undefined) continue;
      shape[key] = app === undefined ? z.optional(value) : app === 'required' ? value : z._default(value, app.default);
    }
    schema = z.object(shape);
    appSchemas.set(entry, schema);
  }
  return schema as AppParamsSchema<E>;
}

/** The wire's query schema of an endpoint, made once (see appParamsSchema for the assertion). */
export function wireQuerySchema<E extends Endpoint>(entry: E): WireQuerySchema<E> {
  let schema = wireSchemas.get(entry);
  if (schema === undefined) {
    const shape: Record<string, z.ZodMiniType> = {};
    for (const param of entry.query) shape[param.wire] = z.optional(param.schema);
    schema = z.strictObject(shape);
    wireSchemas.set(entry, schema);
  }
  return schema as WireQuerySchema<E>;
}

const ID_PATTERN = /:(\w+)/g;

/** The names of the ids in an endpoint's path, in order. */
export function pathIdNames(entry: Endpoint): string[] {
  return Array.from(entry.path.matchAll(ID_PATTERN), (match) => match[1] ?? '');
}

/** The path of one request: the prefix, then the route with each id in place (checked by the caller). */
export function apiPath(entry: Endpoint, ids: Readonly<Record<string, number | string>>): string {
  return API_PREFIX + entry.path.replace(ID_PATTERN, (_match, name: string) => String(ids[name]));
}

/**
 * The query string of a request, from values under the wire's names: each given parameter in the table's order, a
 * repeatable one once per value; nothing else.
 */
export function wireSearch(entry: Endpoint, values: Readonly<Record<string, unknown>>): URLSearchParams {
  const search = new URLSearchParams();
  for (const { wire } of entry.query) {
    const value = values[wire];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const each of value) search.append(wire, String(each));
    else search.append(wire, String(value));
  }
  return search;
}
