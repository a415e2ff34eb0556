import { useId, useState } from 'react';
import { Link } from 'react-router';
import { courseStatsHref } from '../params/course-stats-search';
import { forgetRecentCourses, readRecentCourses, type RecentCourse } from '@/course/recent-courses';
import { useCatalog } from '@/lib/i18n';
import { routeCatalogs } from './strings';
import { OpenCourseForm } from '../filters/course-filter-form';
import { SavedViewsList } from '../views/saved-views-list';
import './course-stats.css';

/**
 * The course statistics' part of `/courses` (the app composes the page): the Course ID form, then the courses
 * opened before on this device and the saved views, side by side where there is room, kept compact.
 */
export function CourseShortcuts() {
  const texts = useCatalog(routeCatalogs);
  const [recent, setRecent] = useState<RecentCourse[]>(readRecentCourses);
  const recentId = useId();

  return (
    <div className="course-shortcuts">
      <p className="course-shortcuts-intro">{texts.indexIntro}</p>
      <OpenCourseForm />
      <div className="course-shortcuts-lists">
        <section className="recent-courses" aria-labelledby={recentId}>
          <h2 id={recentId}>{texts.recentTitle}</h2>
          {recent.length === 0 ? (
            <p className="muted">{texts.recentEmpty}</p>
          ) : (
            <>
              <ul className="recent-courses-list">
                {recent.map((course) => (
                  <li key={course.id}>
                    <Link to={courseStatsHref(course.id)}>{course.name ?? texts.recentCourse(course.id)}</Link>
                    {course.name !== null && <span className="muted"> {texts.recentCourse(course.id)}</span>}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="button-link"
                onClick={() => {
                  forgetRecentCourses();
                  setRecent([]);
                }}
              >
                {texts.recentClear}
              </button>
            </>
          )}
        </section>
        <SavedViewsList />
      </div>
    </div>
  );
}
