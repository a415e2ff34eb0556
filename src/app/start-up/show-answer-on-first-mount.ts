import { matchQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * The page takes the start-up request as its own first try: an error it answered with is shown as it is, not asked
 * for again. React Query asks again for an error an observer finds when it mounts (retryOnMount), so that is off
 * for this one query until its first observer (the page) has mounted; later mounts ask again as usual.
 */
export function showAnswerOnFirstMount(queryClient: QueryClient, queryKey: QueryKey): void {
  queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
  const stop = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'observerAdded' || !matchQuery({ queryKey, exact: true }, event.query)) return;
    stop();
    queryClient.setQueryDefaults(queryKey, {});
  });
}
