import { useCatalog } from '@/lib/i18n';
import { triageCatalogs } from './strings';

export interface FiltersAndToolsToggleProps {
  open: boolean;
  onToggle: () => void;
  /** The ids of what it shows and hides: the quick filters and the toolbar. */
  controls: string;
  /** How many quick filters are on, said in its name while the filters are out of sight. */
  filtersOn: number;
}

/**
 * A phone's one button for the quick filters and the tools on the rows shown (copy, email, delimiter, export,
 * columns): folded, the first learners come on the first screen.
 */
export function FiltersAndToolsToggle({ open, onToggle, controls, filtersOn }: FiltersAndToolsToggleProps) {
  const texts = useCatalog(triageCatalogs);
  return (
    <button
      type="button"
      className="button course-stats-tools-toggle"
      aria-expanded={open}
      aria-controls={controls}
      data-filters-on={filtersOn > 0 || undefined}
      onClick={onToggle}
    >
      <span aria-hidden="true" className="course-stats-tools-toggle-icon">
        {open ? '▾' : '▸'}
      </span>{' '}
      {texts.filtersAndTools(filtersOn)}
    </button>
  );
}
