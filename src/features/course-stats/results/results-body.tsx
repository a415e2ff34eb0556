import type { CourseStat, ParseReport } from '@contract';
import type { Table } from '@tanstack/react-table';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { onlyAddedFields, ParseReportNotice } from '@/components/parse-report-notice';
import { TabList } from '@/components/tab-list';
import { useCatalog } from '@/lib/i18n';
import { lazyReady, loadChunkOnce } from '@/lib/load-chunk';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import type { CourseStatsSearchState } from '../params/use-course-stats-search';
import { fieldCatalogs } from '../fields/strings';
import { useNow } from '../fields/use-now';
import { summaryCatalogs } from '../overview/summary-strings';
import { CourseStatsSummary } from '../overview/summary-cards';
import { CardsSort } from '../table/cards-sort';
import { CourseStatsTable } from '../table/course-stats-table';
import { tableCatalogs } from '../table/strings';
import type { RowsScope } from '../fields/words';
import { FiltersAndToolsToggle, ShownRowsTools } from '../triage/shown-rows-tools';
import { triageCatalogs } from '../triage/strings';
import { TriageControls } from '../triage/triage-controls';
import type { RowsShown } from '../triage/use-rows-shown';
import { resultsCatalogs } from './strings';
import './empty-states.css';

// Charts are not needed to read the rows: the overview and its chart code load when its tab is opened.
const CourseOverviewPanel = lazyReady(
  loadChunkOnce(() => import('../overview/course-overview-panel')),
  (module) => module.CourseOverviewPanel,
);

/** The rows loaded, in either mode, and what is known about them. */
export interface LoadedRows {
  table: Table<CourseStat>;
  rowsShown: RowsShown;
  report: ParseReport;
  /** Rows the API sent twice while a whole course was read. */
  duplicates: number;
  scope: RowsScope;
}

/** The rows loaded are every row of the course and filters. */
const allRows = (scope: RowsScope) => (scope.kind === 'page' ? scope.wholeResults : scope.complete);

/** One course's results, whatever the mode: its search (from the URL) and the ways out of it. */
export interface CourseResults {
  courseId: number;
  searchState: CourseStatsSearchState;
  clearFilters: () => void;
  /** Where a row's learner is listed with every session. */
  learnerHref: (stat: CourseStat) => string;
  /** Loads every page (or carries on after the last one read), keeping the search and quick filters. */
  loadAll: () => void;
}

export interface ResultsBodyProps {
  results: CourseResults;
  loaded: LoadedRows;
  /** The next page is on its way: the rows shown are the previous page's. */
  busy: boolean;
  /** How many rows are shown, and how to get more (Load all pages): the start of the toolbar. */
  statusLine: ReactNode;
  footer?: ReactNode;
  /** Thousands of rows: render only those in view. */
  virtual?: boolean;
  /** Just above the toolbar: what changed since the last snapshot (whole-course mode). */
  changes?: ReactNode;
}

/** Everything over the rows loaded, table first: summary, toolbar, search and quick filters, and the overview tab. */
export function ResultsBody({ results, loaded, busy, statusLine, footer, virtual = false, changes }: ResultsBodyProps) {
  const { courseId, searchState, learnerHref } = results;
  const words = useCatalog(fieldCatalogs);
  const tableTexts = useCatalog(tableCatalogs);
  const triageTexts = useCatalog(triageCatalogs);
  const summaryTexts = useCatalog(summaryCatalogs);
  const resultsTexts = useCatalog(resultsCatalogs);
  const now = useNow();
  const [view, setView] = useState<ResultsView>('table');
  const tabsId = useId();
  const tabId = (candidate: ResultsView) => `${tabsId}-${candidate}`;
  // A phone keeps the quick filters and the tools behind one button, so the learners come on the first screen.
  const phone = useMediaQuery(PHONE_QUERY);
  const [toolsOpen, setToolsOpen] = useState(false);
  const folded = phone && !toolsOpen;
  const toolsId = useId();
  const quickId = useId();
  const { search, update } = searchState;
  const { table, rowsShown, scope } = loaded;
  // Figures read the rows in the order loaded (rowsShown.kept): the same rows, and a new sort recomputes none.
  const { shown, kept, counts } = rowsShown;
  // A key of a column that is not there (Change, before a comparison) sorts nothing, so it is not said.
  const columnIds = new Set(table.getAllLeafColumns().map((column) => column.id));
  const sortKeys = search.sort.filter((key) => columnIds.has(key.id));
  const sortNote =
    sortKeys.length > 0
      ? tableTexts.sortScope(
          sortKeys.map((key) => ({ column: words.columnHeaders[key.id], desc: key.desc })),
          scope,
        )
      : null;
  const label = tableTexts.tableLabel(courseId);
  const figuresScope = summaryTexts.summaryScope(scope);
  // Fields the API added are one line at the summary's end; rows left out get a warning of their own.
  const reportNotice = <ParseReportNotice report={loaded.report} itemNoun="row" />;
  const addedFieldsOnly = onlyAddedFields(loaded.report);
  return (
    <>
      <CourseStatsSummary rows={kept} scope={figuresScope} note={addedFieldsOnly ? reportNotice : undefined} />
      {!addedFieldsOnly && reportNotice}
      {loaded.duplicates > 0 && <p className="alert alert-info">{resultsTexts.duplicates(loaded.duplicates)}</p>}
      {changes}
      <div className="course-stats-toolbar">
        <div className="course-stats-status">
          {statusLine}
          {phone && (
            <FiltersAndToolsToggle
              open={toolsOpen}
              onToggle={() => setToolsOpen((open) => !open)}
              controls={`${quickId} ${toolsId}`}
              filtersOn={search.quick.length}
            />
          )}
        </div>
        <ShownRowsTools
          partial={scope.kind === 'whole' && !scope.complete}
          id={toolsId}
          hidden={folded}
          courseId={courseId}
          table={table}
          rows={shown}
          search={search}
        />
      </div>
      <div className="course-stats-view-bar split-row">
        <TriageControls
          q={search.q}
          quick={search.quick}
          counts={counts}
          scope={triageTexts.triageScope(scope)}
          update={update}
          quickId={quickId}
          quickHidden={folded}
        />
        <ViewTabs view={view} onChange={setView} tabId={tabId} />
        {view === 'table' && shown.length > 0 && <CardsSort table={table} />}
      </div>
      <div
        role="tabpanel"
        id={`${tabId('table')}-panel`}
        aria-labelledby={tabId('table')}
        className="course-stats-table-panel"
        hidden={view !== 'table'}
      >
        {shown.length === 0 ? (
          <NoMatches scope={scope} onSearchWhole={results.loadAll} onClear={() => update({ q: '', quick: [] })} />
        ) : (
          <CourseStatsTable
            table={table}
            rows={shown}
            label={label}
            caption={sortNote ? `${label}. ${sortNote}` : undefined}
            busy={busy}
            virtual={virtual}
            learnerHref={learnerHref}
          />
        )}
        {sortNote && <p className="muted course-stats-sort-note">{sortNote}</p>}
      </div>
      <div
        role="tabpanel"
        id={`${tabId('overview')}-panel`}
        aria-labelledby={tabId('overview')}
        hidden={view !== 'overview'}
      >
        {view === 'overview' && (
          <Suspense fallback={<p role="status">{resultsTexts.loading}</p>}>
            <CourseOverviewPanel rows={kept} scope={figuresScope} partial={!allRows(scope)} now={now} />
          </Suspense>
        )}
      </div>
      {footer}
    </>
  );
}

interface NoMatchesProps {
  /** The rows the search and quick filters looked through. */
  scope: RowsScope;
  /** Loads every page of the course (or carries on after the last one read), keeping the search and quick filters. */
  onSearchWhole: () => void;
  onClear: () => void;
}

/** What a search or quick filter keeping no row says; over part of a course it offers all: the learner may be there. */
function NoMatches({ scope, onSearchWhole, onClear }: NoMatchesProps) {
  const texts = useCatalog(resultsCatalogs);
  const triageTexts = useCatalog(triageCatalogs);
  const clear = (
    <button type="button" className="button" onClick={onClear}>
      {triageTexts.clearTriage}
    </button>
  );
  if (allRows(scope)) {
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

type ResultsView = 'table' | 'overview';

const VIEWS: readonly ResultsView[] = ['table', 'overview'];

interface ViewTabsProps {
  view: ResultsView;
  onChange: (view: ResultsView) => void;
  /** The id of a view's tab; its panel is `${id}-panel`. */
  tabId: (view: ResultsView) => string;
}

/** WAI-ARIA tabs, automatic activation: one tab stop; arrows, Home and End move between tabs and show their panel. */
function ViewTabs({ view, onChange, tabId }: ViewTabsProps) {
  const texts = useCatalog(resultsCatalogs);
  return (
    <TabList
      tabs={VIEWS}
      selected={view}
      onSelect={onChange}
      tabId={tabId}
      panelOf={(candidate) => `${tabId(candidate)}-panel`}
      label={texts.viewsLabel}
      labelOf={(candidate) => texts.views[candidate]}
      className="course-stats-tabs"
      tabClassName="course-stats-tab"
    />
  );
}
