import { Fragment, useId, useRef, type CSSProperties, type MouseEvent } from 'react';
import { useLocale, type Locale } from '@/lib/i18n';
import { dateTimeOrRaw, dayOrRaw, labelGroupsCatalogs, type LabelGroupsTexts } from '../strings';
import { splitByMatches } from '../model/text-search';
import type { GroupNode, LabelNode } from '../model/tree-model';
import type { TreeRow } from '../model/tree-rows';

/** What every row takes from the tree around it. */
export interface ItemState {
  tabStopKey: string | null;
  selectedKey: string | null;
  /** The folded filter query, for highlighting. */
  highlight: string;
  onToggle: (key: string, expanded: boolean) => void;
}

interface TreeItemProps {
  row: TreeRow;
  state: ItemState;
  /** The id of the item's group of children, in the nested tree. */
  owns?: string;
  /** In the virtualised tree: where the row is placed. */
  style?: CSSProperties;
}

/**
 * One row: the toggle, the treeitem and its badges. The treeitem element holds the label alone, so its visible text
 * is its name; the badges and dates beside it are its description. A press anywhere on the row focuses the treeitem.
 */
export function TreeItem({ row, state, owns, style }: TreeItemProps) {
  const id = useId();
  const { locale } = useLocale();
  const texts = labelGroupsCatalogs[locale];
  const itemRef = useRef<HTMLSpanElement>(null);
  const { node } = row;
  // False where the title is the naming's fallback, not the data's own text.
  const named = node.kind === 'label' ? node.hasDescription : node.foldedName !== '';
  const onMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    const element = itemRef.current;
    if (event.button !== 0 || !element || !(event.target instanceof Node) || element.contains(event.target)) return;
    event.preventDefault();
    element.focus({ preventScroll: true });
  };
  const className = style ? `lg-row lg-${node.kind} lg-row-virtual` : `lg-row lg-${node.kind}`;
  // Deep chains of nested groups stop indenting at some point; aria-level still tells the real depth.
  const indent = `${0.5 + Math.min(row.level - 1, 12) * 1.25}rem`;
  return (
    <div className={className} style={{ paddingInlineStart: indent, ...style }} onMouseDown={onMouseDown}>
      <span
        className="lg-toggle"
        aria-hidden="true"
        onClick={row.expandable ? () => state.onToggle(row.key, !row.expanded) : undefined}
      >
        {row.expandable ? (row.expanded ? '▾' : '▸') : ''}
      </span>
      <span
        ref={itemRef}
        className="lg-item"
        role="treeitem"
        aria-level={row.level}
        aria-setsize={row.setSize}
        aria-posinset={row.posInSet}
        aria-expanded={row.expandable ? row.expanded : undefined}
        aria-selected={row.key === state.selectedKey}
        aria-labelledby={`${id}-name`}
        aria-describedby={`${id}-meta`}
        aria-owns={owns}
        tabIndex={row.key === state.tabStopKey ? 0 : -1}
        data-key={row.key}
      >
        <span className="lg-name" id={`${id}-name`}>
          {named ? (
            <HighlightedText text={node.title} query={state.highlight} />
          ) : (
            <span className="lg-placeholder">{node.title}</span>
          )}
        </span>
      </span>
      <span className="lg-meta" id={`${id}-meta`}>
        {node.kind === 'label' ? labelMeta(node, texts, state.highlight) : groupMeta(node, texts, locale)}
      </span>
    </div>
  );
}

function labelMeta({ label }: LabelNode, texts: LabelGroupsTexts, highlight: string) {
  return (
    <>
      {label.type !== undefined && (
        <span className="badge badge-neutral lg-type">
          <span className="visually-hidden">{texts.row.type}</span>{' '}
          <HighlightedText text={label.type} query={highlight} />
        </span>
      )}{' '}
      {label.required !== undefined && label.required.length > 0 && (
        <span className="lg-required">{texts.row.required(label.required)}</span>
      )}
    </>
  );
}

function groupMeta(node: GroupNode, texts: LabelGroupsTexts, locale: Locale) {
  const { group } = node;
  const dates = [
    group.created_at !== null ? texts.row.created(dateTimeOrRaw(locale, group.created_at)) : null,
    group.updated_at !== null ? texts.row.updated(dateTimeOrRaw(locale, group.updated_at)) : null,
  ].filter((part) => part !== null);
  return (
    <>
      {/* Spaces between the parts keep them apart in the accessible description; flex layout drops them. */}
      <span className="badge badge-neutral">{texts.row.labels(group.labels.length)}</span>{' '}
      {node.childGroups.length > 0 && (
        <span className="badge badge-neutral">{texts.row.nestedGroups(node.childGroups.length)}</span>
      )}{' '}
      {node.parentIssue !== null && (
        <span className="badge badge-warn">
          <span aria-hidden="true">⚠ </span>
          {texts.parentIssue(node.parentIssue)}
        </span>
      )}{' '}
      {dates.length > 0 && (
        <span className="lg-dates" title={dates.join(' · ')}>
          {group.updated_at !== null && (
            <span>
              {texts.row.updatedBefore}
              <time dateTime={group.updated_at}>{dayOrRaw(locale, group.updated_at)}</time>
            </span>
          )}
          {group.created_at !== null && (
            <span className="lg-dates-more">
              {group.updated_at !== null ? texts.row.createdAfterUpdated : texts.row.createdBefore}
              <time dateTime={group.created_at}>{dayOrRaw(locale, group.created_at)}</time>
            </span>
          )}
        </span>
      )}
    </>
  );
}

/** The text with the matches of the folded `query` in <mark>, as text nodes: markup in the data is shown, not run. */
function HighlightedText({ text, query }: { text: string; query: string }) {
  if (query === '') return text;
  return splitByMatches(text, query).map((segment, index) =>
    segment.match ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
  );
}
