import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { labelGroupsQueries } from '@/features/label-groups/api/label-groups-queries';
import { getToken } from '@/lib/token-store';
import { showAnswerOnFirstMount } from './course-stats-prefetch';

/** The route of LabelGroupsPage (router.tsx). */
export const LABEL_GROUPS_PATH = '/label-groups';

/**
 * Signed in on the label groups address: asks for the label groups at start-up, while the screen's code is still on
 * its way, rather than once the screen has rendered. A large tree is megabytes of JSON, so the request is most of
 * the wait; started here it overlaps the code's download. The page's useQuery joins the request still running, so
 * there is one request, and an error it answered with is shown as it is (not asked for again on mount).
 *
 * Nothing waits for the answer: the first render shows the screen with its loading state, not a blank page held
 * back for a tree of any size.
 */
export function prefetchLabelGroupsRoute(queryClient: QueryClient, location: { pathname: string }): void {
  if (getToken() === null || !matchPath(LABEL_GROUPS_PATH, location.pathname)) return;
  const options = labelGroupsQueries.list();
  showAnswerOnFirstMount(queryClient, options.queryKey);
  void queryClient.prefetchQuery(options);
}
