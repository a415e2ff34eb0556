import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  type FocusEvent,
  type HTMLAttributes,
  type KeyboardEvent,
} from 'react';
import { INITIAL_RECT, observeRectAfterLayout, scrollOnceMounted } from '@/components/virtual-scroll';
import { useCatalog } from '@/lib/i18n';
import { labelGroupsCatalogs } from '../strings';
import { findTypeAhead, keyAction, nestRows, type NestedRow, type TreeRow } from '../model/tree-rows';
import { TreeItem, type ItemState } from './tree-item';

/**
 * Up to this many visible rows the tree is real nested DOM (each group's children are treeitems in its role="group").
 * Above it only the rows in view render, flat, aria-level / -setsize / -posinset carrying the structure.
 */
export const VIRTUALIZE_ABOVE = 200;
/** Row height in the virtualised tree, in px; .lg-row-virtual in label-groups.css uses the same value. */
const ROW_HEIGHT = 36;
const rowHeight = () => ROW_HEIGHT;
const TYPE_AHEAD_RESET_MS = 500;

export interface LabelTreeProps {
  rows: readonly TreeRow[];
  /** The row with the roving tab stop. */
  tabStopIndex: number;
  selectedKey: string | null;
  /** Folded filter query, for highlighting. */
  highlight: string;
  /** True while the rows lag behind the filter text. */
  stale: boolean;
  onActiveChange: (key: string) => void;
  onExpandedChange: (key: string, expanded: boolean) => void;
}

function keyOfTreeItem(target: EventTarget): string | null {
  if (!(target instanceof HTMLElement) || target.getAttribute('role') !== 'treeitem') return null;
  return target.dataset.key ?? null;
}

export function LabelTree({
  rows,
  tabStopIndex,
  selectedKey,
  highlight,
  stale,
  onActiveChange,
  onExpandedChange,
}: LabelTreeProps) {
  const texts = useCatalog(labelGroupsCatalogs);
  const scrollRef = useRef<HTMLDivElement>(null);
  /** A row to focus once it is rendered (after a jump to a row outside the rendered window, or a re-mount). */
  const focusRequest = useRef<string | null>(null);
  const typed = useRef({ text: '', at: -Infinity });
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  // The tab stop's row stays rendered for Tab when scrolled away; a new extractor recomputes rows, so it follows it.
  const rangeExtractor = useCallback(
    (range: Range): number[] => {
      const indexes = defaultRangeExtractor(range);
      if (tabStopIndex < 0 || tabStopIndex >= range.count || indexes.includes(tabStopIndex)) return indexes;
      return [...indexes, tabStopIndex].sort((a, b) => a - b);
    },
    [tabStopIndex],
  );
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLElement>({
    enabled: virtual,
    count: rows.length,
    overscan: 12,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowHeight,
    rangeExtractor,
    initialRect: INITIAL_RECT,
    observeElementRect: observeRectAfterLayout,
    scrollToFn: scrollOnceMounted,
  });
  const nested = useMemo(() => (virtual ? [] : nestRows(rows)), [rows, virtual]);

  const elementFor = (key: string): HTMLElement | null =>
    scrollRef.current?.querySelector<HTMLElement>(`[role="treeitem"][data-key="${key}"]`) ?? null;

  const focusElement = (element: HTMLElement) => {
    element.focus({ preventScroll: virtual });
    // The virtualizer scrolls only the tree's box; the page brings the row in where that is taller (jsdom lacks it).
    if (virtual) element.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  const tabStopKey = rows[tabStopIndex]?.key ?? null;
  useEffect(() => {
    const key = focusRequest.current;
    if (key === null) return;
    const element = elementFor(key);
    if (!element) {
      // The virtualizer adds the row in a render of its own; a request the user has moved away from is dropped.
      if (key !== tabStopKey) focusRequest.current = null;
      return;
    }
    focusRequest.current = null;
    const focused = document.activeElement;
    // Only take focus back when it was lost (its element unmounted) or is still in the tree, never from elsewhere.
    const focusIsFree = focused === null || focused === document.body || scrollRef.current?.contains(focused);
    if (focusIsFree && element !== focused) focusElement(element);
  });

  const focusRow = (index: number) => {
    const row = rows[index];
    if (!row) return;
    // Scroll, then focus without a second scroll; a row outside the window is focused once a re-render brings it in.
    if (virtual) virtualizer.scrollToIndex(index, { align: 'auto' });
    const element = elementFor(row.key);
    if (element) focusElement(element);
    else focusRequest.current = row.key;
    onActiveChange(row.key);
  };

  const toggle = (key: string, expanded: boolean) => {
    // Opening a group can switch between nested and virtual rendering, which re-mounts the rows: keep focus.
    if (scrollRef.current?.contains(document.activeElement)) focusRequest.current = key;
    onExpandedChange(key, expanded);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const key = keyOfTreeItem(event.target);
    if (key === null) return;
    const index = rows[tabStopIndex]?.key === key ? tabStopIndex : rows.findIndex((row) => row.key === key);
    if (index < 0) return;
    const action = keyAction(rows, index, event.key);
    if (action !== null) {
      event.preventDefault();
      typed.current = { text: '', at: -Infinity };
      if (action.type === 'focus') focusRow(action.index);
      else if (action.type === 'expand') toggle(action.key, true);
      else if (action.type === 'collapse') toggle(action.key, false);
      return;
    }
    if (event.key.length === 1 && event.key.trim() !== '') {
      event.preventDefault();
      const now = event.timeStamp;
      const text = now - typed.current.at < TYPE_AHEAD_RESET_MS ? typed.current.text + event.key : event.key;
      typed.current = { text, at: now };
      const match = findTypeAhead(rows, index, text);
      if (match >= 0 && match !== index) focusRow(match);
    }
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const key = keyOfTreeItem(event.target);
    if (key !== null) onActiveChange(key);
  };

  const state: ItemState = {
    tabStopKey,
    selectedKey,
    highlight,
    onToggle: toggle,
  };
  const treeProps = {
    role: 'tree',
    'aria-label': texts.heading,
    'aria-busy': stale || undefined,
    onKeyDown,
    onFocus,
  } satisfies HTMLAttributes<HTMLElement>;

  return (
    <div
      ref={scrollRef}
      className={virtual ? 'lg-scroll lg-scroll-virtual' : 'lg-scroll'}
      data-stale={stale || undefined}
    >
      {virtual ? (
        <div {...treeProps} className="lg-tree" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return row ? (
              <TreeItem
                key={row.key}
                row={row}
                state={state}
                style={{ transform: `translateY(${item.start}px)`, height: item.size }}
              />
            ) : null;
          })}
        </div>
      ) : (
        <ul {...treeProps} className="lg-tree">
          {nested.map((item) => (
            <NestedTreeItem key={item.row.key} item={item} state={state} />
          ))}
        </ul>
      )}
    </div>
  );
}

function NestedTreeItem({ item, state }: { item: NestedRow; state: ItemState }) {
  const groupId = useId();
  const hasChildren = item.children.length > 0;
  // The treeitem holds only its label (Label in Name); its group of children is a sibling it owns with aria-owns.
  return (
    <li role="none">
      <TreeItem row={item.row} state={state} owns={hasChildren ? groupId : undefined} />
      {hasChildren && (
        <ul role="group" id={groupId}>
          {item.children.map((child) => (
            <NestedTreeItem key={child.row.key} item={child} state={state} />
          ))}
        </ul>
      )}
    </li>
  );
}
