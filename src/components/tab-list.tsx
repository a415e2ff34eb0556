import type { KeyboardEvent } from 'react';

export interface TabListProps<T extends string> {
  tabs: readonly T[];
  selected: T;
  onSelect: (tab: T) => void;
  /** The id of a tab's button. */
  tabId: (tab: T) => string;
  /** The id of the panel a tab controls; undefined where it has none in the page (only the selected one is there). */
  panelOf: (tab: T) => string | undefined;
  /** Names the list of tabs. */
  label: string;
  labelOf: (tab: T) => string;
  className: string;
  tabClassName: string;
}

/**
 * WAI-ARIA tabs with automatic activation: the selected tab alone is in the Tab order; the arrows (round from the last
 * to the first), Home and End move to a tab and select it. The panels are the caller's.
 */
export function TabList<T extends string>({
  tabs,
  selected,
  onSelect,
  tabId,
  panelOf,
  label,
  labelOf,
  className,
  tabClassName,
}: TabListProps<T>) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.indexOf(selected);
    const last = tabs.length - 1;
    const target = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const next = target === undefined ? undefined : tabs[target];
    if (next === undefined) return;
    event.preventDefault();
    onSelect(next);
    document.getElementById(tabId(next))?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-selected={tab === selected}
          aria-controls={panelOf(tab)}
          tabIndex={tab === selected ? 0 : -1}
          className={tabClassName}
          onClick={() => onSelect(tab)}
        >
          {labelOf(tab)}
        </button>
      ))}
    </div>
  );
}
