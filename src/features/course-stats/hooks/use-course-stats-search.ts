import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import {
  parseCourseStatsSearch,
  searchCorrectionSchema,
  serializeCourseStatsSearch,
  type CourseStatsSearch,
  type SearchCorrection,
} from '../model/course-stats-search';

// The corrections travel in the history entry's state: after the URL is replaced they can no longer be seen
// in it, and the notice should still say what was changed.
const correctionsStateSchema = z.object({ courseStatsCorrections: z.array(searchCorrectionSchema) });

function correctionsFromState(state: unknown): SearchCorrection[] {
  const parsed = correctionsStateSchema.safeParse(state);
  return parsed.success ? parsed.data.courseStatsCorrections : [];
}

export interface CourseStatsSearchState {
  search: CourseStatsSearch;
  /** What was wrong with the URL this view was opened with. */
  corrections: SearchCorrection[];
  /** Changes the view; a new history entry, so Back returns to the previous view. */
  update: (patch: Partial<CourseStatsSearch>) => void;
  /** Changes the filters and goes back to page 1. */
  setFilters: (filters: Pick<CourseStatsSearch, 'userId' | 'courseSessionId'>) => void;
}

/**
 * The view state from the URL, parsed with fallbacks. A URL with invalid values, or defaults written out, is
 * replaced by its corrected form, so what the address bar shows is what the screen shows.
 */
export function useCourseStatsSearch(): CourseStatsSearchState {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = useMemo(() => parseCourseStatsSearch(searchParams), [searchParams]);
  const canonical = useMemo(
    () => serializeCourseStatsSearch(parsed.search, searchParams).toString(),
    [parsed, searchParams],
  );
  const needsCorrection = canonical !== searchParams.toString();

  useEffect(() => {
    if (!needsCorrection) return;
    const state = parsed.corrections.length > 0 ? { courseStatsCorrections: parsed.corrections } : null;
    void navigate({ search: canonical, hash: location.hash }, { replace: true, state, preventScrollReset: true });
  }, [needsCorrection, canonical, parsed, navigate, location.hash]);

  const stateCorrections = useMemo(() => correctionsFromState(location.state), [location.state]);
  const corrections = parsed.corrections.length > 0 ? parsed.corrections : stateCorrections;

  const update = useCallback(
    (patch: Partial<CourseStatsSearch>) => {
      const next = serializeCourseStatsSearch({ ...parsed.search, ...patch }, searchParams).toString();
      if (next === canonical) return;
      void navigate({ search: next, hash: location.hash }, { preventScrollReset: true });
    },
    [parsed, searchParams, canonical, navigate, location.hash],
  );

  const setFilters = useCallback(
    (filters: Pick<CourseStatsSearch, 'userId' | 'courseSessionId'>) => update({ ...filters, page: 1 }),
    [update],
  );

  return { search: parsed.search, corrections, update, setFilters };
}
