import { useNavigate } from 'react-router';
import type { SubmittedFilters } from '../filters/course-stats-filter-form';
import { courseStatsHref, type CourseStatsSearch } from '../params/course-stats-search';

/** Opens the course and filters submitted, keeping the rows per page and the sort of the search given. */
export function useGoToCourse(search?: CourseStatsSearch) {
  const navigate = useNavigate();
  return (filters: SubmittedFilters) =>
    void navigate(
      courseStatsHref(filters.courseId, {
        userId: filters.userId,
        courseSessionId: filters.courseSessionId,
        perPage: search?.perPage,
        sort: search?.sort,
      }),
    );
}
