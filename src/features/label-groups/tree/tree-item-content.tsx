import { Fragment, type ComponentPropsWithRef } from 'react';
import { useLocale } from '@/lib/i18n';
import { dateTimeOrRaw, dayOrRaw } from '../format';
import { labelGroupsCatalogs } from '../strings';
import { splitByMatches } from '../model/text-search';
import type { TreeRow } from '../model/tree-rows';

export interface TreeItemContentProps {
  row: TreeRow;
  /** Prefix for the ids the treeitem points at with aria-labelledby / aria-describedby. */
  idPrefix: string;
  highlight: string;
  onToggle: (key: string, expanded: boolean) => void;
  /** The treeitem's own attributes; the treeitem element wraps the name and nothing else. */
  itemProps: ComponentPropsWithRef<'span'> & { 'data-key': string };
}

export function TreeItemContent({ row, idPrefix, highlight, onToggle, itemProps }: TreeItemContentProps) {
  const { locale } = useLocale();
  const texts = labelGroupsCatalogs[locale];
  const { node } = row;
  if (node.kind === 'label') {
    const { label } = node;
    return (
      <>
        <span className="lg-toggle" aria-hidden="true" />
        <span {...itemProps}>
          <span className="lg-name" id={`${idPrefix}-name`}>
            {node.hasDescription && label.description !== undefined ? (
              <HighlightedText text={label.description} query={highlight} />
            ) : (
              <span className="lg-placeholder">{node.title}</span>
            )}
          </span>
        </span>
        <span className="lg-meta" id={`${idPrefix}-meta`}>
          {label.type !== undefined && (
            <span className="badge badge-neutral lg-type">
              <span className="visually-hidden">{texts.row.type}</span>{' '}
              <HighlightedText text={label.type} query={highlight} />
            </span>
          )}{' '}
          {label.required !== undefined && label.required.length > 0 && (
            <span className="lg-required">{texts.row.required(label.required)}</span>
          )}
        </span>
      </>
    );
  }

  const { group } = node;
  const dates = [
    group.created_at !== null ? texts.row.created(dateTimeOrRaw(locale, group.created_at)) : null,
    group.updated_at !== null ? texts.row.updated(dateTimeOrRaw(locale, group.updated_at)) : null,
  ].filter((part) => part !== null);
  return (
    <>
      <span
        className="lg-toggle"
        aria-hidden="true"
        onClick={row.expandable ? () => onToggle(row.key, !row.expanded) : undefined}
      >
        {row.expandable ? (row.expanded ? '▾' : '▸') : ''}
      </span>
      <span {...itemProps}>
        <span className="lg-name" id={`${idPrefix}-name`}>
          {node.foldedName !== '' && group.name !== null ? (
            <HighlightedText text={group.name} query={highlight} />
          ) : (
            <span className="lg-placeholder">{node.title}</span>
          )}
        </span>
      </span>
      <span className="lg-meta" id={`${idPrefix}-meta`}>
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
      </span>
    </>
  );
}

/**
 * The text with the matches of `query` (the folded filter query; '' matches nothing) in <mark>. Always text nodes:
 * markup in the data is shown, never interpreted.
 */
function HighlightedText({ text, query }: { text: string; query: string }) {
  if (query === '') return text;
  return splitByMatches(text, query).map((segment, index) =>
    segment.match ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
  );
}
