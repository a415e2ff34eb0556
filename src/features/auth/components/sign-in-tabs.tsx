import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface SignInTab<K extends string> {
  key: K;
  label: string;
}

export interface SignInTabsProps<K extends string> {
  label: string;
  tabs: ReadonlyArray<SignInTab<K>>;
  selected: K;
  onSelect: (key: K) => void;
  children: ReactNode;
}

/**
 * The ways in, as a tab list (the ARIA tabs pattern, activation follows focus): only the selected tab is in the Tab
 * order, the arrow keys, Home and End move between tabs. Only the selected panel is rendered, so the form that is not
 * shown holds no values and no fields to match by label.
 */
export function SignInTabs<K extends string>({ label, tabs, selected, onSelect, children }: SignInTabsProps<K>) {
  const idPrefix = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${idPrefix}-tab-${key}`;
  const panelId = `${idPrefix}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: -1 };
    const move = moves[event.key];
    const target = move === undefined ? undefined : tabs.at(move % tabs.length);
    if (!target) return;
    event.preventDefault();
    onSelect(target.key);
    refs.current.get(target.key)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className="sign-in-tabs" onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const active = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              tabIndex={active ? 0 : -1}
              className="sign-in-tab"
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {/* Not labelled by its tab: the tab's text is also the token field's label, and one name should find one field. */}
      <div role="tabpanel" id={panelId} className="sign-in-panel">
        {children}
      </div>
    </>
  );
}
