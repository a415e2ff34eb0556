import { queryOptions } from '@tanstack/react-query';
import { fetchServerConfig } from '@/lib/api-client';

export const serverConfigQuery = () =>
  queryOptions({
    queryKey: ['server-config'],
    queryFn: ({ signal }) => fetchServerConfig({ signal }),
    staleTime: Infinity,
    retry: 1,
  });
