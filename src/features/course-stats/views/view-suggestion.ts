import type { CourseStatsSearch } from '../params/course-stats-search';
import type { QuickFilterId } from '../params/quick-filter-ids';
import { VIEW_NAME_MAX } from './saved-views';
import type { ViewsTexts } from './strings';

export interface SuggestionInput {
  courseId: number;
  /** The course's name when its rows have said it. */
  courseName: string | null;
  search: CourseStatsSearch;
}

/** A name the Save view field starts with: the course, then what narrows it, e.g. "Course 7 · whole course · “anna”". */
export function suggestViewName(
  { courseId, courseName, search }: SuggestionInput,
  texts: ViewsTexts['suggestion'],
  quickLabels: Record<QuickFilterId, string>,
): string {
  const parts = [
    courseName?.trim() || texts.course(courseId),
    search.userId === undefined ? null : texts.user(search.userId),
    search.courseSessionId === undefined ? null : texts.session(search.courseSessionId),
    search.all ? texts.wholeCourse : null,
    search.q === '' ? null : texts.search(search.q),
    ...search.quick.map((id) => quickLabels[id]),
  ].filter((part) => part !== null);
  const name = parts.join(' · ').replace(/\s+/g, ' ');
  return name.length > VIEW_NAME_MAX ? `${name.slice(0, VIEW_NAME_MAX - 1).trimEnd()}…` : name;
}
