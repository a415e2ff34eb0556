import { useCatalog } from '@/lib/i18n';
import type { CourseStatsSearch, SearchCorrection } from '../params/course-stats-search';
import { CourseFilterForm, type CourseFilterValues } from './course-filter-form';
import type { SessionList } from './session-choices';
import { filterCatalogs } from './strings';

export interface CourseFiltersProps {
  /** The course's sessions, for the Session filter. */
  sessions: SessionList;
  search: Pick<CourseStatsSearch, 'userId' | 'courseSessionId'>;
  onSubmit: (filters: CourseFilterValues) => void;
  clearFilters: () => void;
}

/** The filter form over the results, and which filters are on, with a way to clear them. */
export function CourseFilters({ sessions, search, onSubmit, clearFilters }: CourseFiltersProps) {
  const texts = useCatalog(filterCatalogs);
  const parts = [
    search.userId === undefined ? null : texts.filterUser(search.userId),
    search.courseSessionId === undefined ? null : texts.filterSession(search.courseSessionId),
  ].filter((part) => part !== null);
  return (
    <>
      <CourseFilterForm
        key={`${search.userId ?? ''}:${search.courseSessionId ?? ''}`}
        initial={{ userId: search.userId, courseSessionId: search.courseSessionId }}
        sessions={sessions}
        onSubmit={onSubmit}
      />
      {parts.length > 0 && (
        <p className="course-stats-active-filters">
          {texts.activeFilters} {parts.join(', ')}.{' '}
          <button type="button" className="button-link" onClick={clearFilters}>
            {texts.clearFilters}
          </button>
        </p>
      )}
    </>
  );
}

/** The values of a link that were corrected, each said once. */
export function CorrectionsNotice({ corrections }: { corrections: readonly SearchCorrection[] }) {
  const texts = useCatalog(filterCatalogs);
  if (corrections.length === 0) return null;
  return (
    <div role="status" className="alert alert-info">
      <p className="alert-title">{texts.correctionsTitle}</p>
      <ul className="alert-list">
        {corrections.map((correction) => (
          <li key={correction.param}>{texts.correction(correction)}</li>
        ))}
      </ul>
    </div>
  );
}
