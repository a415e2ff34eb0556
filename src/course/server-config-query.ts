import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { fetchServerConfig } from '@/lib/api-client';

/**
 * Our server's own configuration (demo or proxy, its rate limit): one query for the whole app, the sign-in
 * screen's note and the learner search's pacing alike. Not an LMS endpoint, so outside courseQueries' key family,
 * and a module of its own: the sign-in screen is in the first screen's code, the course queries are not.
 */
export const serverConfigQuery = () =>
  queryOptions({
    queryKey: ['server-config'],
    queryFn: ({ signal }) => fetchServerConfig({ signal }),
    staleTime: Infinity,
    retry: 1,
  });

/**
 * The server's own limit when its configuration cannot be read (its default, RATE_LIMIT_MAX): pacing for it costs
 * a large read some time, and saves it from a wall of 429s.
 */
export const FALLBACK_RATE_LIMIT = 600;

/** Requests a minute the server lets one client make (0: no limit), as every paced reading of the tab takes it. */
export function readRateLimit(client: QueryClient): Promise<number> {
  return client.fetchQuery(serverConfigQuery()).then(
    (config) => config.rateLimitMax,
    () => FALLBACK_RATE_LIMIT,
  );
}
