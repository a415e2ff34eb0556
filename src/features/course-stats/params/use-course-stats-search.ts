import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import {
  parseCourseStatsSearch,
  readableQuery,
  searchCorrectionSchema,
  serializeCourseStatsSearch,
  type CourseStatsSearch,
  type SearchCorrection,
} from './course-stats-search';

// The corrections travel in the history entry's state: once the URL is replaced it no longer shows them.
const correctionsStateSchema = z.object({ courseStatsCorrections: z.array(searchCorrectionSchema) });

/** How long a navigation asked for may take to render before it counts as overtaken. */
const PENDING_FOR_MS = 3000;

export interface CourseStatsSearchState {
  search: CourseStatsSearch;
  /** What was wrong with the URL this view was opened with. */
  corrections: SearchCorrection[];
  /** Changes the view in a new history entry; `replace` rewrites it (typing leaves no entry per letter). */
  update: (patch: Partial<CourseStatsSearch>, options?: { replace?: boolean }) => void;
  /** Changes the filters and goes back to page 1. */
  setFilters: (filters: Pick<CourseStatsSearch, 'userId' | 'courseSessionId'>) => void;
}

/** The view state from the URL, with fallbacks; a URL with bad values or written defaults is replaced, corrected. */
export function useCourseStatsSearch(): CourseStatsSearchState {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const parsed = useMemo(() => parseCourseStatsSearch(searchParams), [searchParams]);
  const canonical = useMemo(
    () => readableQuery(serializeCourseStatsSearch(parsed.search, searchParams)),
    [parsed, searchParams],
  );
  // An address with `%2C` for a comma (a link written elsewhere) says the same: it is left as it is.
  const needsCorrection = canonical !== readableQuery(searchParams);

  useEffect(() => {
    if (!needsCorrection) return;
    const state = parsed.corrections.length > 0 ? { courseStatsCorrections: parsed.corrections } : null;
    void navigate({ search: canonical, hash: location.hash }, { replace: true, state, preventScrollReset: true });
  }, [needsCorrection, canonical, parsed, navigate, location.hash]);

  const stateCorrections = useMemo(() => {
    const fromState = correctionsStateSchema.safeParse(location.state);
    return fromState.success ? fromState.data.courseStatsCorrections : [];
  }, [location.state]);
  const corrections = parsed.corrections.length > 0 ? parsed.corrections : stateCorrections;

  // Navigations render later, in a transition: a second change made before the first rendered must build on the first.
  const pending = useRef<Array<{ search: string; at: number }>>([]);

  const update = useCallback(
    (patch: Partial<CourseStatsSearch>, options?: { replace?: boolean }) => {
      const queue = pending.current;
      const rendered = queue.findIndex((entry) => entry.search === canonical);
      if (rendered >= 0) queue.splice(0, rendered + 1);
      const now = Date.now();
      // One that never rendered was overtaken by another navigation: forget it.
      while (queue.length > 0 && now - (queue[0]?.at ?? now) > PENDING_FOR_MS) queue.shift();
      const latest = queue[queue.length - 1];
      const baseParams = latest ? new URLSearchParams(latest.search) : searchParams;
      const base = latest ? parseCourseStatsSearch(baseParams).search : parsed.search;
      const next = readableQuery(serializeCourseStatsSearch({ ...base, ...patch }, baseParams));
      if (next === (latest ? latest.search : canonical)) return;
      queue.push({ search: next, at: now });
      void navigate(
        { search: next, hash: location.hash },
        { preventScrollReset: true, replace: options?.replace ?? false },
      );
    },
    [parsed, searchParams, canonical, navigate, location.hash],
  );

  const setFilters = useCallback(
    (filters: Pick<CourseStatsSearch, 'userId' | 'courseSessionId'>) => update({ ...filters, page: 1 }),
    [update],
  );

  return { search: parsed.search, corrections, update, setFilters };
}
