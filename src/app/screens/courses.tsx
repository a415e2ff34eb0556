import { useId } from 'react';
import { courseStatsHref } from '@/features/course-stats/params/course-stats-search';
import { CourseShortcuts } from '@/features/course-stats/routes/course-shortcuts';
import { CourseList } from '@/features/courses/list/course-list';
import { LearnerSearch } from '@/features/courses/learner-search/learner-search';
import { useCatalog } from '@/lib/i18n';
import { appCatalogs } from '../strings';
import './courses.css';

/**
 * The `courses` route, where sign-in lands: the course statistics' shortcuts (Course ID, recently opened, saved
 * views), compact, above the LMS's list of courses.
 */
export function Component() {
  const texts = useCatalog(appCatalogs);
  const headingId = useId();
  return (
    <section className="courses-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{texts.titles.courses}</h1>
      <CourseShortcuts />
      <LearnerSearch />
      <CourseList courseHref={courseStatsHref} />
    </section>
  );
}
