import type { LabelGroup } from '@contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { SearchField } from '@/components/text-field';
import { useCatalog } from '@/lib/i18n';
import { courseQueries } from '@/course/course-queries';
import { useFilterQuery } from '../filter/use-filter-query';
import { useLabelsWhenIdle } from '../filter/use-labels-when-idle';
import { labelGroupsCatalogs } from '../strings';
import { buildFilterView } from '../model/tree-filter';
import { buildForest, nodeForKey, rootOf } from '../model/tree-model';
import {
  AUTO_EXPANSION,
  flattenVisible,
  resolveActiveIndex,
  withGroupExpanded,
  type Expansion,
} from '../model/tree-rows';
import { DetailsPanel } from '../details/details-panel';
import { LabelTree } from '../tree/label-tree';
import '../label-groups.css';

export function LabelGroupsPage() {
  const query = useQuery(courseQueries.labelGroups());
  const texts = useCatalog(labelGroupsCatalogs);
  return (
    <div className="lg-page">
      <h1>{texts.heading}</h1>
      {/* A failed background refresh keeps the last good list on screen, with the error above it. */}
      {query.isError && <ApiErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      {query.isPending ? (
        <div className="lg-loading" aria-busy="true">
          <p role="status" className="muted">
            {texts.loading}
          </p>
          {[68, 52, 74, 45, 60, 38].map((width, index) => (
            <span key={index} className="skeleton lg-skeleton-row" style={{ width: `${width}%` }} aria-hidden="true" />
          ))}
        </div>
      ) : (
        query.data !== undefined && (
          <>
            <ParseReportNotice report={query.data.report} itemNoun="group" />
            {query.data.items.length === 0 ? (
              <p className="lg-empty">{texts.empty}</p>
            ) : (
              <LabelGroupsBrowser groups={query.data.items} />
            )}
          </>
        )
      )}
    </div>
  );
}

interface ExpansionState {
  /** The folded filter query the expansion belongs to: a new query starts again from its own open groups. */
  query: string;
  expansion: Expansion;
}

function LabelGroupsBrowser({ groups }: { groups: LabelGroup[] }) {
  const filterId = useId();
  const texts = useCatalog(labelGroupsCatalogs);
  // The naming is one object per language, so the forest is rebuilt only when the list or the language changes.
  const forest = useMemo(() => buildForest(groups, texts.naming), [groups, texts.naming]);
  useLabelsWhenIdle(forest);
  const [text, setText] = useFilterQuery();
  // Typing stays responsive with thousands of groups: the tree follows the box when React has time.
  const deferredText = useDeferredValue(text);
  const view = useMemo(() => buildFilterView(forest, deferredText), [forest, deferredText]);
  const viewQuery = view?.query ?? '';

  const [expansionState, setExpansionState] = useState<ExpansionState>({ query: '', expansion: AUTO_EXPANSION });
  const expansion = expansionState.query === viewQuery ? expansionState.expansion : AUTO_EXPANSION;
  const updateExpansion = (update: (current: Expansion) => Expansion) =>
    setExpansionState((previous) => ({
      query: viewQuery,
      expansion: update(previous.query === viewQuery ? previous.expansion : AUTO_EXPANSION),
    }));

  const rows = useMemo(() => flattenVisible(forest, view, expansion), [forest, view, expansion]);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const activeIndex = useMemo(() => resolveActiveIndex(rows, forest, activeKey), [rows, forest, activeKey]);
  const selectedKey = rows[activeIndex]?.key ?? null;
  const selectedNode = selectedKey !== null ? nodeForKey(forest, selectedKey) : null;

  const expandAll = () => updateExpansion(() => ({ base: 'all', overrides: new Map() }));
  const collapseAll = () => {
    updateExpansion(() => ({ base: 'none', overrides: new Map() }));
    // The selection moves up to what stays visible.
    const active = activeKey !== null ? nodeForKey(forest, activeKey) : null;
    if (active !== null) setActiveKey(rootOf(active).key);
  };

  const total = forest.groups.length;
  const shown = view === null ? total : view.visibleGroupCount;

  return (
    <>
      <div className="lg-toolbar">
        <SearchField
          id={filterId}
          className="lg-filter"
          label={texts.filter.label}
          value={text}
          onChange={setText}
          placeholder={texts.filter.placeholder}
        />
        <div className="lg-actions">
          <button type="button" className="button" onClick={expandAll}>
            {texts.expandAll}
          </button>
          <button type="button" className="button" onClick={collapseAll}>
            {texts.collapseAll}
          </button>
        </div>
        <p role="status" className="lg-count">
          {texts.groupCount(shown, total)}
        </p>
      </div>
      <div className="lg-layout">
        <div className="lg-tree-pane">
          {rows.length === 0 ? (
            <div className="lg-empty">
              <p>{texts.filter.noMatch(deferredText.trim())}</p>
              <button type="button" className="button-link" onClick={() => setText('')}>
                {texts.filter.clear}
              </button>
            </div>
          ) : (
            <LabelTree
              rows={rows}
              tabStopIndex={activeIndex >= 0 ? activeIndex : 0}
              selectedKey={selectedKey}
              highlight={viewQuery}
              stale={text !== deferredText}
              onActiveChange={setActiveKey}
              onExpandedChange={(key, expanded) =>
                updateExpansion((current) => withGroupExpanded(current, key, expanded))
              }
            />
          )}
        </div>
        <DetailsPanel node={selectedNode} />
      </div>
    </>
  );
}
