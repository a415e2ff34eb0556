import { useCatalog } from '@/lib/i18n';
import { CourseStatsFilterForm } from '../filters/course-stats-filter-form';
import { filterCatalogs } from '../filters/strings';
import { routeCatalogs } from './strings';
import { useGoToCourse } from './use-go-to-course';

/** An address whose course id is not one: says why, and offers the form. Nothing is asked of the API. */
export function InvalidCourse({ raw, message }: { raw: string; message: string }) {
  const texts = useCatalog(routeCatalogs);
  const filterTexts = useCatalog(filterCatalogs);
  const goToCourse = useGoToCourse();
  return (
    <section className="course-stats">
      <h1>{texts.indexTitle}</h1>
      <div role="alert" className="alert alert-error">
        <p className="alert-title">{filterTexts.invalidCourseTitle}</p>
        <p className="alert-detail">{filterTexts.invalidCourse(raw, message)}</p>
      </div>
      <CourseStatsFilterForm onSubmit={goToCourse} />
    </section>
  );
}
