import {
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Link } from 'react-router';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { SearchField } from '@/components/text-field';
import { useAccountHealth, useAccountKeeping } from '@/course/use-account-health';
import { NEEDS_ATTENTION } from '@/course/health-order';
import type { LearnerIndex } from '@/course/learner-index';
import { useCourseList } from '@/course/use-course-list';
import { isApiError } from '@/lib/api-error';
import { useRememberOnDevice } from '@/lib/device-consent';
import { formatRelativeTime } from '@/lib/format';
import { useCatalog, useLocale } from '@/lib/i18n';
import { isCutShort } from '@/lib/list-end';
import { pathTo } from '@/lib/routes';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { whenIdle } from '@/lib/when-idle';
import { LearnerMatches } from './learner-matches';
import { prepareCourseSearch, queriedCourseId } from './model/search-rank';
import { OrderPicker } from './order-picker';
import { OverviewExport } from './overview-export';
import { OverviewStatus } from './overview-status';
import { OverviewCards, OverviewTable, type CellContext } from './overview-table';
import { HEALTH_COLUMNS, SORT_COLUMNS } from './overview-url';
import { overviewCatalogs, type ListUnavailable } from './strings';
import { typedBeforeStart } from './typed-before-start';
import { useOverviewAddress } from './use-overview-address';
import { useOverviewOrder } from './use-overview-order';
import './overview.css';

export interface AccountOverviewProps {
  /** The page's title. */
  title: string;
  /** Where a course's statistics are (the app knows the route). */
  courseHref: (courseId: number) => string;
  /** Where a learner across courses is. */
  learnerHref: (userId: number) => string;
  /** The Course ID form, recently opened courses and saved views: behind a button, open where no list is. */
  shortcuts: ReactNode;
  /**
   * The learner across courses, while one is asked for: under the search box. Given the learners read so far, as
   * they are when asked, so it need not ask again the courses read without the learner.
   */
  learnerView?: ((known: () => LearnerIndex) => ReactNode) | null;
  /**
   * Applies "Keep on this device", the device consent course snapshots use too: taking it back deletes what either
   * kept (the app knows both stores).
   */
  chooseKeep: (keep: boolean) => Promise<unknown>;
}

/** Rows read first besides those in view: the best matches of a search. */
const SEARCH_PRIORITY = 20;
/** Rows a screen of the table shows at most; the rows before the last rendered one are those in view. */
const VIEW_ROWS = 20;

/** What a failed first page of the course list means, said in one line. */
export function unavailableReason(error: unknown): ListUnavailable {
  if (!isApiError(error)) return 'failed';
  switch (error.detail.kind) {
    case 'not_found':
    case 'bad_request':
      return 'not_listed';
    case 'unauthorized':
      return 'forbidden';
    case 'invalid_response':
      return 'unreadable';
    case 'network':
      return 'offline';
    case 'timeout':
    case 'server':
    case 'rate_limited':
      return 'failed';
  }
}

/**
 * The account overview, where sign-in lands: one search box (courses and learners), then every course of the LMS
 * with its health, read in the background, needs attention first. Where the LMS lists no courses, the shortcuts
 * (the Course ID form) are the way in.
 */
export function AccountOverview({
  title,
  courseHref,
  learnerHref,
  shortcuts,
  learnerView,
  chooseKeep,
}: AccountOverviewProps) {
  const texts = useCatalog(overviewCatalogs);
  const { locale } = useLocale();
  const headingId = useId();
  const searchId = useId();
  const panelId = useId();
  const keepHintId = useId();
  // The box the page's first script painted, with what was typed into it before this page started.
  const [early] = useState(typedBeforeStart);
  const { sort, query, setQuery, deferredQuery, onSortChange } = useOverviewAddress(early?.value ?? '');
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const [pointerIn, setPointerIn] = useState(false);
  const [focusIn, setFocusIn] = useState(false);
  const [lastRendered, setLastRendered] = useState(0);
  const [now] = useState(Date.now);
  const phone = useMediaQuery(PHONE_QUERY);

  const list = useCourseList({ readAll: true });
  const remember = useRememberOnDevice();
  const keeping = useAccountKeeping(remember);
  const health = useAccountHealth(list.courses, list.courses.length > 0 && keeping.known, keeping.keeping);
  const { engine } = health;
  const known = useCallback(() => engine.getSnapshot().index, [engine]);
  // The order is worked out again for every list page: in the background, while the page stays responsive.
  const listed = useDeferredValue(list.courses);
  const rows = useOverviewOrder({
    courses: listed,
    health: health.courses,
    sort,
    query: deferredQuery,
    locale,
    held: pointerIn || focusIn,
  });

  // The painted box's focus, and what was typed into it between this page's first render and the frame that replaced
  // it (a rare few keys: taken in the next task).
  useLayoutEffect(() => {
    if (early === null) return;
    const typed = early.input.value;
    if (typed !== early.value) queueMicrotask(() => setQuery(typed));
    const own = document.getElementById(searchId);
    if (early.focused && own instanceof HTMLInputElement) {
      own.focus();
      own.setSelectionRange(typed.length, typed.length);
    }
  }, [early, searchId, setQuery]);

  // Once nothing more is being read, the search is got ready in idle time: the learner index joined and flattened,
  // every course name folded. The first keystroke over 300,000 learner rows otherwise paid for both.
  const { index, progress } = health;
  const settled = list.complete && progress.reading === 0 && progress.waiting === 0;
  useEffect(() => {
    if (!settled) return undefined;
    return whenIdle(() => {
      index.prepare();
      prepareCourseSearch(listed);
    });
  }, [settled, index, health.indexVersion, listed]);

  // The courses in view, and the best matches of a search, are read before the rest.
  const searching = deferredQuery.trim() !== '';
  const inView = phone ? rows.slice(0, VIEW_ROWS) : rows.slice(Math.max(0, lastRendered - VIEW_ROWS), lastRendered + 1);
  const priority = [...(searching ? rows.slice(0, SEARCH_PRIORITY) : []), ...inView].map((row) => row.id);
  const priorityKey = priority.join(',');
  useEffect(() => {
    engine.prioritize(priorityKey === '' ? [] : priorityKey.split(',').map(Number));
  }, [engine, priorityKey]);

  const { comparing } = health;
  const context: CellContext = useMemo(
    () => ({ texts, locale, now, courseHref, onRetry: (id: number) => engine.retry(id), comparing }),
    [texts, locale, now, courseHref, engine, comparing],
  );

  const { listError } = list;
  const unavailable = listError !== null && listError !== undefined ? unavailableReason(listError) : null;
  const askedId = queriedCourseId(deferredQuery);
  const unlistedId = askedId !== null && !list.courses.some((course) => course.id === askedId) ? askedId : null;

  return (
    <section className="overview" aria-labelledby={headingId}>
      <div className="overview-head">
        <h1 id={headingId}>{title}</h1>
        {unavailable === null && (
          <button
            type="button"
            className="button"
            aria-expanded={shortcutsOpen}
            aria-controls={panelId}
            onClick={() => setShortcutsOpen((open) => !open)}
          >
            {texts.shortcuts}
          </button>
        )}
      </div>
      {unavailable !== null && (
        <p className="overview-unavailable" role="status">
          {texts.unavailableWhy(unavailable)}{' '}
          {(unavailable === 'offline' || unavailable === 'failed') && (
            <button type="button" className="button-link" onClick={list.retry}>
              {texts.retry}
            </button>
          )}
        </p>
      )}
      <div id={panelId} className="overview-shortcuts" hidden={unavailable === null && !shortcutsOpen}>
        {shortcuts}
      </div>
      {unavailable === null && (
        <>
          <SearchField
            id={searchId}
            className="overview-search"
            label={texts.searchLabel}
            placeholder={texts.searchPlaceholder}
            value={query}
            onChange={setQuery}
          />
          {learnerView?.(known)}
          {searching && (
            <LearnerMatches
              query={deferredQuery}
              index={health.index}
              indexVersion={health.indexVersion}
              progress={health.progress}
              learnerHref={learnerHref}
              texts={texts}
            />
          )}
          {unlistedId !== null && (
            <p className="overview-offer">
              <Link to={courseHref(unlistedId)}>{texts.openCourse(unlistedId)}</Link>{' '}
              <span className="muted">({texts.notListed})</span>
            </p>
          )}
          <div className="overview-bar">
            <OverviewStatus
              texts={texts}
              list={list}
              progress={health.progress}
              eta={health.eta}
              paused={health.paused}
              keptAsOf={
                health.storedAt === null
                  ? null
                  : formatRelativeTime(new Date(health.storedAt).toISOString(), now, locale)
              }
              matches={searching ? { count: rows.length, query: deferredQuery.trim() } : null}
              onPause={() => engine.pause()}
              onResume={() => engine.resume()}
            />
            <OrderPicker
              texts={texts}
              sort={sort}
              rule={texts.attentionRule(NEEDS_ATTENTION)}
              onChange={onSortChange}
              columns={comparing ? SORT_COLUMNS : HEALTH_COLUMNS}
            />
            {rows.length > 0 && !phone && (
              <OverviewExport rows={rows} query={deferredQuery} texts={texts} comparing={comparing} />
            )}
          </div>
          <p className="overview-keep">
            <label>
              <input
                type="checkbox"
                checked={remember}
                aria-describedby={keepHintId}
                onChange={(event) => void chooseKeep(event.target.checked)}
              />{' '}
              {texts.keep}
            </label>{' '}
            {/* A phone keeps the first screen for the courses: the hint stays the checkbox's description, and the
                link to what is stored is left to the menu (beside the checkbox, "Keep on this device" and "Stored on
                this device" read as the same words twice). */}
            <span id={keepHintId} className={phone ? 'visually-hidden' : 'muted'}>
              {texts.keepHint}
            </span>
            {!phone && (
              <>
                {' '}
                <Link to={pathTo('device')}>{texts.storedLink}</Link>
              </>
            )}
          </p>
          <ParseReportNotice report={list.report} itemNoun="course" />
          {list.complete && isCutShort(list.end) && <p className="alert alert-warning">{texts.cutShort(list.end)}</p>}
          {list.moreError !== null && list.moreError !== undefined && (
            <p className="alert alert-warning" role="alert">
              {texts.moreFailed}{' '}
              <button type="button" className="button" onClick={list.retry}>
                {texts.retry}
              </button>
            </p>
          )}
          {rows.length > 0 && (
            <div
              className="overview-rows"
              onPointerEnter={() => setPointerIn(true)}
              onPointerLeave={() => setPointerIn(false)}
              onFocus={() => setFocusIn(true)}
              onBlur={(event) => {
                if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget))) {
                  setFocusIn(false);
                }
              }}
            >
              {phone ? (
                <>
                  <OverviewCards rows={rows} sort={sort} context={context} />
                  {/* On a phone the export waits below the courses, which have the first screen. */}
                  <OverviewExport rows={rows} query={deferredQuery} texts={texts} comparing={comparing} />
                </>
              ) : (
                <OverviewTable
                  rows={rows}
                  sort={sort}
                  onSortChange={onSortChange}
                  context={context}
                  busy={false}
                  onRenderedEnd={setLastRendered}
                />
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
