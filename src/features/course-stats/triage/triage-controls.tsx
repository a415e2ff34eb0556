import { useId, useState } from 'react';
import { QUICK_FILTER_IDS, type CourseStatsSearch, type QuickFilterId } from '../params/course-stats-search';
import type { QuickFilterCounts } from './rows-shown';
import { HelpToggle } from '@/components/help-toggle';
import { SearchField } from '@/components/text-field';
import { useCatalog } from '@/lib/i18n';
import { triageCatalogs } from './strings';

export interface TriageControlsProps {
  q: string;
  quick: readonly QuickFilterId[];
  counts: QuickFilterCounts;
  /** What the search and counts cover ("Counts are of the 12 rows shown, out of all 10,000 loaded."). */
  scope: string;
  update: (patch: Partial<CourseStatsSearch>, options?: { replace?: boolean }) => void;
  /** For the button that shows and hides the quick filters (on a phone, "Filters and tools"). */
  quickId?: string;
  quickHidden?: boolean;
}

/** One toolbar over the table: the search box and the quick filters over the rows loaded; both live in the URL. */
export function TriageControls({ q, quick, counts, scope, update, quickId, quickHidden }: TriageControlsProps) {
  const texts = useCatalog(triageCatalogs);
  const searchId = useId();
  const hintId = useId();
  const scopeId = useId();
  const quickHintId = useId();
  const legendId = useId();
  // The field keeps what is typed, the URL a tidied copy; a URL changed from outside (Back) replaces the text.
  const [text, setText] = useState(q);
  const [lastQ, setLastQ] = useState(q);
  if (q !== lastQ) {
    setLastQ(q);
    if (text.trim() !== q) setText(q);
  }
  // The boxes answer a click at once; the rows (thousands, maybe) follow when the URL has changed.
  const quickKey = quick.join(',');
  const [checked, setChecked] = useState<readonly QuickFilterId[]>(quick);
  const [lastQuickKey, setLastQuickKey] = useState(quickKey);
  if (quickKey !== lastQuickKey) {
    setLastQuickKey(quickKey);
    setChecked(quick);
  }

  const toggle = (id: QuickFilterId, on: boolean) => {
    const next = QUICK_FILTER_IDS.filter((candidate) => (candidate === id ? on : checked.includes(candidate)));
    setChecked(next);
    update({ quick: next });
  };

  return (
    <div className="course-stats-triage">
      <SearchField
        id={searchId}
        className="course-stats-search"
        label={texts.searchLabel}
        // The hint does not fit the box: the box shows what to type, the hint is its description (and tip).
        placeholder={texts.searchPlaceholder}
        title={texts.searchHint}
        describedBy={[hintId, scopeId]}
        value={text}
        onChange={(next) => {
          setText(next);
          update({ q: next }, { replace: true });
        }}
      >
        <span id={hintId} className="visually-hidden">
          {texts.searchHint}
        </span>
      </SearchField>
      <div
        id={quickId}
        hidden={quickHidden}
        role="group"
        className="course-stats-quick"
        aria-labelledby={legendId}
        aria-describedby={`${quickHintId} ${scopeId}`}
      >
        {/* The boxes and their counts speak for themselves; the group's name is for screen readers. */}
        <span id={legendId} className="visually-hidden">
          {texts.quickFiltersLegend}
        </span>
        <div className="course-stats-quick-options">
          {QUICK_FILTER_IDS.map((id) => (
            <label key={id} className="course-stats-quick-option">
              <input
                type="checkbox"
                checked={checked.includes(id)}
                onChange={(event) => toggle(id, event.target.checked)}
              />
              {texts.quickFilterLabels[id]}{' '}
              <span className="course-stats-count">{texts.quickFilterCount(counts[id])}</span>
            </label>
          ))}
        </div>
        <HelpToggle label={texts.quickFiltersHelp} hintId={quickHintId}>
          {texts.quickFiltersHint}
        </HelpToggle>
      </div>
      <p id={scopeId} className="muted field-hint course-stats-triage-scope">
        {scope}
      </p>
    </div>
  );
}
