import type { ReactNode } from 'react';
import { courseStatsHref, type CourseStatsSearch } from '../params/course-stats-search';

/** What the statistics page tells the course switcher the app puts in its header. */
export interface CourseSwitcherSlotProps {
  courseId: number;
  /** The course's name as its rows give it; null until they do, or when they carry none. */
  courseName: string | null;
  /** The address of another course's statistics, with the filters that still apply there (courseSwitchHref). */
  hrefFor: (courseId: number) => string;
}

/**
 * The header's slot for a course switcher. This feature does not know the course list (another feature does), so
 * the app layer provides what goes here; without it the header shows the course's name as text.
 */
export type RenderCourseSwitcher = (props: CourseSwitcherSlotProps) => ReactNode;

/**
 * Another course, keeping what means the same there: the learner (User ID, and the learner view), the page size
 * and the sort. The session is left out (sessions belong to one course), and so are the page, whole-course mode,
 * the search and the quick filters over the rows loaded: the other course starts at its first page.
 */
export function courseSwitchHref(courseId: number, search: CourseStatsSearch): string {
  return courseStatsHref(courseId, {
    userId: search.userId,
    view: search.view,
    perPage: search.perPage,
    sort: search.sort,
  });
}
