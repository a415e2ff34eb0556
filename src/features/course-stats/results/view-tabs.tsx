import { useRef, type KeyboardEvent } from 'react';

export type ResultsView = 'table' | 'overview';

const VIEWS: readonly ResultsView[] = ['table', 'overview'];

export interface ViewTabsProps {
  view: ResultsView;
  onChange: (view: ResultsView) => void;
  label: string;
  names: Record<ResultsView, string>;
  /** The id of a view's tab; its panel is `${id}-panel`. */
  tabId: (view: ResultsView) => string;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: one tab stop, arrow keys (and Home, End) move between the
 * tabs and show their panel.
 */
export function ViewTabs({ view, onChange, label, names, tabId }: ViewTabsProps) {
  const tabs = useRef(new Map<ResultsView, HTMLButtonElement | null>());
  const select = (next: ResultsView) => {
    onChange(next);
    tabs.current.get(next)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = VIEWS.indexOf(view);
    const last = VIEWS.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const next = target === undefined ? undefined : VIEWS[target];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };
  return (
    <div role="tablist" aria-label={label} className="course-stats-tabs" onKeyDown={onKeyDown}>
      {VIEWS.map((candidate) => (
        <button
          key={candidate}
          ref={(element) => {
            tabs.current.set(candidate, element);
          }}
          type="button"
          role="tab"
          id={tabId(candidate)}
          aria-selected={candidate === view}
          aria-controls={`${tabId(candidate)}-panel`}
          tabIndex={candidate === view ? 0 : -1}
          className="course-stats-tab"
          onClick={() => onChange(candidate)}
        >
          {names[candidate]}
        </button>
      ))}
    </div>
  );
}
