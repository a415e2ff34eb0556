import { CourseStatsPage, type RenderCourseSwitcher } from '@/features/course-stats/routes/course-stats-page';
import { CourseSwitcher } from '@/features/courses/switcher/course-switcher';

const renderCourseSwitcher: RenderCourseSwitcher = (props) => <CourseSwitcher {...props} />;

/** The `courseStats` route: the statistics page, with the course switcher in its header. */
export function Component() {
  return <CourseStatsPage renderCourseSwitcher={renderCourseSwitcher} />;
}
