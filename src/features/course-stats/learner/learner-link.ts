import type { CourseStat } from '@contract';
import { useLocation, useSearchParams } from 'react-router';
import { courseStatsHref, DEFAULT_SEARCH, serializeCourseStatsSearch } from '../params/course-stats-search';

/**
 * The learner view's parameter holding the view it was opened from, as that view's own query string: the learner view
 * uses `user_id` for its learner, so the view it came from cannot share the address's parameters.
 */
const FROM_PARAM = 'from';

/** A view's query string, read and written again: whatever it held, parameters of this course, nothing more. */
function viewQuery(query: string): string {
  const params = new URLSearchParams(query);
  params.delete(FROM_PARAM);
  return params.toString();
}

/** Every session of one learner, remembering the view it is opened from (left out when that is the default). */
export function learnerViewHref(courseId: number, userId: number, fromQuery: string): string {
  const back = viewQuery(fromQuery);
  // Written as the page writes its own address (parameters not its own first), so it is not rewritten on arrival.
  const query = serializeCourseStatsSearch(
    { ...DEFAULT_SEARCH, userId, view: 'learner' },
    new URLSearchParams(back === '' ? {} : { [FROM_PARAM]: back }),
  );
  return `${courseStatsHref(courseId)}?${query.toString()}`;
}

/** Back to the view the learner view was opened from; the course's first view when it was opened otherwise. */
export function backToAllHref(courseId: number, fromQuery: string | null): string {
  const base = courseStatsHref(courseId);
  const back = viewQuery(fromQuery ?? '');
  return back === '' ? base : `${base}?${back}`;
}

/** The learner link for rows shown now: it carries the address of the view on screen. */
export function useLearnerHref(courseId: number): (stat: CourseStat) => string {
  const { search } = useLocation();
  return (stat) => learnerViewHref(courseId, stat.user_id, search);
}

export function useBackToAllHref(courseId: number): string {
  const [searchParams] = useSearchParams();
  return backToAllHref(courseId, searchParams.get(FROM_PARAM));
}
