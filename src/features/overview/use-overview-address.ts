import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useSearchParams, type SetURLSearchParams } from 'react-router';
import {
  isBadSortParam,
  OVERVIEW_PARAMS,
  overviewSortParam,
  parseOverviewSort,
  type OverviewSort,
} from './overview-url';

/** How long typing pauses before the address follows the search. */
const URL_WRITE_DELAY_MS = 300;

/**
 * Sets or takes out one parameter of the address, in place (no history entry per keystroke or sort). It starts from
 * the address as it is now, not as this page last rendered it: a search written after the pause must not bring back
 * a learner view that was closed meanwhile.
 */
function writeParam(setParams: SetURLSearchParams, name: string, value: string | null): void {
  const copy = new URLSearchParams(window.location.search);
  if (value === null) copy.delete(name);
  else copy.set(name, value);
  setParams(copy, { replace: true });
}

/**
 * The overview's sort and search, kept in its address: the sort as the address names it (a wrong one is taken out,
 * as the statistics page corrects its link), the search as typed, and its deferred value, which the address follows
 * once typing pauses. `fallbackQuery` is the search when the address names none.
 */
export function useOverviewAddress(fallbackQuery: string) {
  const [params, setParams] = useSearchParams();
  const sortParam = params.get(OVERVIEW_PARAMS.sort);
  // One object per address: the order, and the table and cards (memoised), see a sort change only when it does.
  const sort = useMemo(() => parseOverviewSort(sortParam), [sortParam]);
  const [query, setQuery] = useState(() => params.get(OVERVIEW_PARAMS.query) ?? fallbackQuery);
  const deferredQuery = useDeferredValue(query);

  const badSort = isBadSortParam(sortParam);
  useEffect(() => {
    if (badSort) writeParam(setParams, OVERVIEW_PARAMS.sort, null);
  }, [badSort, setParams]);

  // A navigation per keystroke would render the whole page again. A link followed in the pause has moved the address
  // on while its page loads: writing then would come back here.
  const written = params.get(OVERVIEW_PARAMS.query) ?? '';
  const wanted = deferredQuery.trim() === '' ? '' : deferredQuery;
  useEffect(() => {
    if (written === wanted) return undefined;
    const addressWhenTyped = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname !== addressWhenTyped) return;
      writeParam(setParams, OVERVIEW_PARAMS.query, wanted === '' ? null : wanted);
    }, URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [written, wanted, setParams]);

  const onSortChange = useCallback(
    (next: OverviewSort) => writeParam(setParams, OVERVIEW_PARAMS.sort, overviewSortParam(next)),
    [setParams],
  );
  return { sort, query, setQuery, deferredQuery, onSortChange };
}
