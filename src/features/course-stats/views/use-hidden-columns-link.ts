import { useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';
import { HIDDEN_COLUMNS_PARAM, parseHiddenColumnsParam } from '../params/hidden-columns-param';
import { visibilityHiding } from '../table/column-visibility';
import { setColumnVisibility } from '../table/use-column-visibility';

/**
 * Applies a link's `hide=` to the Columns menu's choice, as if made there. The address then loses the parameter
 * (useCourseStatsSearch writes the address without it), and the corrections notice names unknown columns. Before the
 * paint, so a table on screen never shows the old columns.
 */
export function useHiddenColumnsLink(): void {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get(HIDDEN_COLUMNS_PARAM);
  useLayoutEffect(() => {
    const parsed = parseHiddenColumnsParam(raw);
    if (parsed) setColumnVisibility(visibilityHiding(parsed.hidden));
  }, [raw]);
}
