import type { ParentIssue, TreeRow } from '../tree-model';
import { formatDateTime, formatDay, plural } from '../format';
import { HighlightedText } from './highlighted-text';

export interface TreeItemContentProps {
  row: TreeRow;
  /** Prefix for the ids the treeitem points at with aria-labelledby / aria-describedby. */
  idPrefix: string;
  highlight: string;
  onToggle: (key: string, expanded: boolean) => void;
}

export function parentIssueText(issue: ParentIssue): string {
  switch (issue.kind) {
    case 'missing':
      return `parent #${issue.parentId} not in the list`;
    case 'self':
      return 'names itself as parent';
    case 'cycle':
      return `parent #${issue.parentId} would make a cycle`;
  }
}

export function TreeItemContent({ row, idPrefix, highlight, onToggle }: TreeItemContentProps) {
  const { node } = row;
  if (node.kind === 'label') {
    const { label } = node;
    return (
      <>
        <span className="lg-toggle" aria-hidden="true" />
        <span className="lg-name" id={`${idPrefix}-name`}>
          {node.hasDescription && label.description !== undefined ? (
            <HighlightedText text={label.description} query={highlight} />
          ) : (
            <span className="lg-placeholder">{node.title}</span>
          )}
        </span>
        <span className="lg-meta" id={`${idPrefix}-meta`}>
          {label.type !== undefined && (
            <span className="badge badge-neutral lg-type">
              <span className="visually-hidden">Type:</span>{' '}
              <HighlightedText text={label.type} query={highlight} />
            </span>
          )}
          {label.required !== undefined && label.required.length > 0 && (
            <span className="lg-required">Required: {label.required.join(', ')}</span>
          )}
        </span>
      </>
    );
  }

  const { group } = node;
  const dates = [
    group.created_at !== null ? `Created ${formatDateTime(group.created_at)}` : null,
    group.updated_at !== null ? `Updated ${formatDateTime(group.updated_at)}` : null,
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
      <span className="lg-name" id={`${idPrefix}-name`}>
        {node.foldedName !== '' && group.name !== null ? (
          <HighlightedText text={group.name} query={highlight} />
        ) : (
          <span className="lg-placeholder">{node.title}</span>
        )}
      </span>
      <span className="lg-meta" id={`${idPrefix}-meta`}>
        <span className="badge badge-neutral">
          {group.labels.length === 0 ? 'No labels' : plural(group.labels.length, 'label')}
        </span>
        {node.childGroups.length > 0 && (
          <span className="badge badge-neutral">{plural(node.childGroups.length, 'nested group')}</span>
        )}
        {node.parentIssue !== null && (
          <span className="badge badge-warn">
            <span aria-hidden="true">⚠ </span>
            {parentIssueText(node.parentIssue)}
          </span>
        )}
        {dates.length > 0 && (
          <span className="lg-dates" title={dates.join(' · ')}>
            {group.updated_at !== null && (
              <span>
                Updated <time dateTime={group.updated_at}>{formatDay(group.updated_at)}</time>
              </span>
            )}
            {group.created_at !== null && (
              <span className="lg-dates-more">
                {group.updated_at !== null ? ', created ' : 'Created '}
                <time dateTime={group.created_at}>{formatDay(group.created_at)}</time>
              </span>
            )}
          </span>
        )}
      </span>
    </>
  );
}
