import type { QueryClient } from '@tanstack/react-query';
import { courseQueries } from '@/course/course-queries';
import { showAnswerOnFirstMount } from './show-answer-on-first-mount';

/**
 * On the label groups address (prefetchRoute matched it, signed in): puts the label groups query in the cache at start-up, from the code behind
 * the sign-in (prefetchRoute), while the screen's own code is on its way: its request overlaps that download. The
 * page's useQuery joins the request still running, so there is one request, and an error it answered with is shown
 * as it is (not asked for again on mount).
 *
 * Nothing waits for the answer: the first render shows the screen with its loading state, not a blank page held
 * back for a tree of any size.
 */
export function prefetchLabelGroupsRoute(queryClient: QueryClient): void {
  const options = courseQueries.labelGroups();
  showAnswerOnFirstMount(queryClient, options.queryKey);
  void queryClient.prefetchQuery(options);
}
