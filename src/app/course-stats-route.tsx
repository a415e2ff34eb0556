import type { RenderCourseSwitcher } from '@/features/course-stats/routes/course-switcher-slot';
import { CourseStatsPage } from '@/features/course-stats/routes/course-stats-page';
import { CourseSwitcher } from '@/features/courses/switcher/course-switcher';

const renderCourseSwitcher: RenderCourseSwitcher = (props) => <CourseSwitcher {...props} />;

/** Route `/courses/:courseId/stats`: the statistics page, with the course switcher in its header. */
export function CourseStatsRoute() {
  return <CourseStatsPage renderCourseSwitcher={renderCourseSwitcher} />;
}
