import { API_PREFIX, ENDPOINT_NAMES, ENDPOINTS, type Endpoint, type EndpointName } from '@contract';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { isRecord } from '@/lib/is-record';
import { server } from './msw';

// A fake of the API for unit tests, made from the contract's endpoint table like the client and the server.

/** One request to a fake endpoint. */
export interface ApiCall {
  url: URL;
  /** The path's ids, by their names in the table's route (`course_id`), as MSW gives them. */
  params: Readonly<Record<string, string>>;
  request: Request;
}

type Answer = readonly unknown[] | Response;

/**
 * What a fake endpoint serves: its whole list (paged and narrowed as the API does, with `total` as the `Total`
 * header when given), or a function of the request whose answer goes out as it is.
 */
export type ApiSource =
  readonly unknown[] | { items: readonly unknown[]; total?: number } | ((call: ApiCall) => Answer | Promise<Answer>);

export type ApiSources = Partial<Record<EndpointName, ApiSource>>;

/** An endpoint's route as MSW matches it (`:course_id` is a parameter): for a test that scripts its own answer. */
export function apiRoute(name: EndpointName): string {
  return API_PREFIX + ENDPOINTS[name].path;
}

/** A query parameter's value, or else the app's default for it (as the table gives it). */
function paramOf(entry: Endpoint, url: URL, wire: string): number | undefined {
  const given = url.searchParams.get(wire);
  if (given !== null) return Number(given);
  const app = entry.query.find((param) => param.wire === wire)?.app;
  return typeof app === 'object' && typeof app.default === 'number' ? app.default : undefined;
}

/**
 * The items one request gets, as the API gives them: narrowed by each parameter that names a field of the items
 * (user_id, course_session_id), then one page of them by page and per_page.
 */
function pageOf(entry: Endpoint, url: URL, items: readonly unknown[]): unknown[] {
  const narrowing = entry.query.filter(({ wire }) => wire !== 'page' && wire !== 'per_page');
  const matching = items.filter((item) =>
    narrowing.every(({ wire }) => {
      const value = url.searchParams.get(wire);
      return value === null || !isRecord(item) || !(wire in item) || String(item[wire]) === value;
    }),
  );
  const perPage = paramOf(entry, url, 'per_page');
  if (perPage === undefined) return matching;
  const page = paramOf(entry, url, 'page') ?? 1;
  return matching.slice((page - 1) * perPage, page * perPage);
}

function handlerOf(name: EndpointName, source: ApiSource, requests: URL[]): HttpHandler {
  const entry: Endpoint = ENDPOINTS[name];
  return http.get(apiRoute(name), async ({ request, params }) => {
    const url = new URL(request.url);
    requests.push(url);
    if (typeof source === 'function') {
      const ids: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) if (typeof value === 'string') ids[key] = value;
      const answer = await source({ url, params: ids, request });
      return answer instanceof Response ? answer : HttpResponse.json(answer);
    }
    const { items, total } = 'items' in source ? source : { items: source, total: undefined };
    const headers: Record<string, string> = total === undefined ? {} : { Total: String(total) };
    return HttpResponse.json(pageOf(entry, url, items), { headers });
  });
}

/** MSW handlers for the endpoints given, recording the URL of each request to them in `requests`. */
export function apiHandlers(sources: ApiSources, requests: URL[] = []): HttpHandler[] {
  return ENDPOINT_NAMES.flatMap((name) => {
    const source = sources[name];
    return source === undefined ? [] : [handlerOf(name, source, requests)];
  });
}

/**
 * Serves the endpoints given on the tests' MSW server, over whatever it served them before; returns the URL of
 * every request to them, in order.
 */
export function serveApi(sources: ApiSources): URL[] {
  const requests: URL[] = [];
  server.use(...apiHandlers(sources, requests));
  return requests;
}
