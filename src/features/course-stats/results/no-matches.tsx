import { useCatalog } from '@/lib/i18n';
import type { RowsScope } from '../fields/rows-scope';
import { triageCatalogs } from '../triage/strings';
import { resultsCatalogs } from './strings';
import './empty-states.css';

export interface NoMatchesProps {
  /** The rows the search and quick filters looked through. */
  scope: RowsScope;
  /** Loads every page of the course (or carries on after the last one read), keeping the search and quick filters. */
  onSearchWhole: () => void;
  onClear: () => void;
}

/**
 * What a search or quick filter that keeps no row says. Over part of the course it says so, and offers the whole
 * course: a learner not on this page may well be on another.
 */
export function NoMatches({ scope, onSearchWhole, onClear }: NoMatchesProps) {
  const texts = useCatalog(resultsCatalogs);
  const triageTexts = useCatalog(triageCatalogs);
  const complete = scope.kind === 'page' ? scope.wholeResults : scope.complete;
  const clear = (
    <button type="button" className="button" onClick={onClear}>
      {triageTexts.clearTriage}
    </button>
  );
  if (complete) {
    return (
      <div className="course-stats-empty">
        <p className="alert-title">{triageTexts.noMatches}</p>
        {clear}
      </div>
    );
  }
  return (
    <div className="course-stats-empty">
      <p className="alert-title">
        {scope.kind === 'page' ? texts.noMatchOnPage(scope.pageRows, scope.page) : texts.noMatchSoFar(scope.loaded)}
      </p>
      <p>{texts.noMatchPartialHint}</p>
      <div className="course-stats-empty-actions">
        <button type="button" className="button button-primary" onClick={onSearchWhole}>
          {texts.searchWholeCourse}
        </button>
        {clear}
      </div>
    </div>
  );
}
