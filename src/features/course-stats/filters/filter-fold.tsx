import { useId, useState } from 'react';
import { useCatalog } from '@/lib/i18n';
import { useMediaQuery } from '@/lib/use-media-query';
import { filterCatalogs } from './strings';

/** Narrow screens fold the optional filters away, behind a Filters button that says what they hold. */
const NARROW_QUERY = '(max-width: 600px)';

export interface FilterFold {
  narrow: boolean;
  folded: boolean;
  /** The id of the part that folds. */
  moreId: string;
  unfold: () => void;
  toggle: () => void;
}

export function useFilterFold(): FilterFold {
  const moreId = `${useId()}-more`;
  const narrow = useMediaQuery(NARROW_QUERY);
  const [expanded, setExpanded] = useState(false);
  return {
    narrow,
    folded: narrow && !expanded,
    moreId,
    unfold: () => setExpanded(true),
    toggle: () => setExpanded((open) => !open),
  };
}

/** The Filters button of a narrow screen, and while folded, a one-line summary of the filters it hides. */
export function FilterFoldToggle({ fold, summary }: { fold: FilterFold; summary: readonly string[] }) {
  const texts = useCatalog(filterCatalogs);
  if (!fold.narrow) return null;
  const line = texts.filtersSummary(summary);
  return (
    <span className="course-stats-filter-toggle">
      <button
        type="button"
        className="button"
        aria-expanded={!fold.folded}
        aria-controls={fold.moreId}
        onClick={fold.toggle}
      >
        <span aria-hidden="true">{fold.folded ? '▸' : '▾'}</span> {texts.filtersToggle}
      </button>
      {fold.folded && line !== '' && <span className="muted course-stats-filter-summary">{line}</span>}
    </span>
  );
}
