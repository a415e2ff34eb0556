import { queryOptions } from '@tanstack/react-query';
import { fetchLabelGroups } from '@/lib/api-client';

/** Keys from general to specific; the token is read by the client at request time and never enters a key. */
export const labelGroupsQueries = {
  all: () => ['label-groups'] as const,
  list: () =>
    queryOptions({
      queryKey: [...labelGroupsQueries.all(), 'list'] as const,
      queryFn: ({ signal }) => fetchLabelGroups({ signal }),
    }),
};
