import { queryOptions } from '@tanstack/react-query';
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
