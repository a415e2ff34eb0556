import { useNavigate } from 'react-router';
import type { SubmittedFilters } from '../filters/course-stats-filter-form';
import { courseStatsHref } from '../params/course-stats-search';

/** Opens the course and filters submitted where no course is open yet (`/courses`, an address that names none). */
export function useGoToCourse() {
  const navigate = useNavigate();
  return (filters: SubmittedFilters) =>
    void navigate(
      courseStatsHref(filters.courseId, { userId: filters.userId, courseSessionId: filters.courseSessionId }),
    );
}
