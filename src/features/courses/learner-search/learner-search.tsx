import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiErrorAlert } from '@/components/api-error-alert';
import { ParseReportNotice } from '@/components/parse-report-notice';
import { parseIdInput } from '@/course/id-input';
import { useCatalog } from '@/lib/i18n';
import { LearnerResults } from './learner-results';
import { LEARNER_PARAM, type FoundSession, type KnownCourses, type LearnerSearchState } from './learner-search-run';
import { learnerSearchCatalogs, type LearnerSearchTexts } from './strings';
import { useLearnerSearch } from './use-learner-search';
import './learner-search.css';

/** "Waiting 12 s", counted down once a second. Keyed by the pause's end, so a new pause counts from its start. */
function PauseNotice({ untilMs, texts }: { untilMs: number; texts: LearnerSearchTexts }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <p role="status" className="alert alert-info">
      {texts.waiting(Math.max(0, Math.ceil((untilMs - now) / 1000)))}
    </p>
  );
}

function statusLine(state: LearnerSearchState, texts: LearnerSearchTexts): string {
  if (state.phase === 'listing' || state.total === null) return texts.listing(state.listed);
  const progress = texts.progress(state.checked, state.total, state.foundIn);
  return state.knownRead === 0 ? progress : `${progress}. ${texts.knownRead(state.knownRead, state.total)}`;
}

function partialNote(state: LearnerSearchState, texts: LearnerSearchTexts): string | null {
  switch (state.phase) {
    case 'listing':
    case 'searching':
      return state.sessions.length > 0 ? texts.partialRunning : null;
    case 'cancelled':
      return texts.partialCancelled;
    case 'stopped':
      return texts.partialStopped;
    case 'finished':
      if (state.total === 0) return texts.noCourses;
      return state.userId === null ? null : texts.finished(state.userId, state.foundIn);
    case 'idle':
    case 'no_list':
      return null;
  }
}

/** The value most of `values` give (blanks aside), the first found of those tied; null when all are blank. */
function mostGiven(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  let best: string | null = null;
  for (const raw of values) {
    const value = raw.trim();
    if (value === '') continue;
    const count = (counts.get(value) ?? 0) + 1;
    counts.set(value, count);
    if (best === null || count > (counts.get(best) ?? 0)) best = value;
  }
  return best;
}

/**
 * Who the learner is, as the sessions found so far name them: support staff chose a name or an email in the
 * overview, and the heading says only the user ID. A learner renamed in one course reads as most courses have it.
 */
function identityLine(sessions: readonly FoundSession[]): string | null {
  const name = mostGiven(sessions.map(({ row }) => row.username));
  const email = mostGiven(sessions.map(({ row }) => row.user_email));
  const parts = [name, email].filter((part): part is string => part !== null);
  return parts.length === 0 ? null : parts.join(' · ');
}

export interface LearnerSearchProps {
  /** The courses the account overview has read in full: those without the learner are not asked again. */
  known?: () => KnownCourses | null;
}

/**
 * One learner's sessions in every listed course, for support staff who know the learner but not the course. The
 * address holds the learner (`?learner=`, set by the overview's learner matches), so a link opens the view and runs it.
 */
export function LearnerSearch({ known }: LearnerSearchProps = {}) {
  const texts = useCatalog(learnerSearchCatalogs);
  const { search, state } = useLearnerSearch(known);
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get(LEARNER_PARAM);
  const fromUrl = raw === null ? null : parseIdInput(raw, { required: true });
  const urlUserId = fromUrl?.ok ? fromUrl.value : null;
  const titleId = useId();

  const close = () =>
    setSearchParams(
      (params) => {
        params.delete(LEARNER_PARAM);
        return params;
      },
      { replace: true },
    );
  const dropBadValue = useEffectEvent(close);
  // The address names the learner: a new learner (not other parameters) restarts it; a non-ID leaves the address.
  useEffect(() => {
    if (raw === null) {
      search.reset();
      return undefined;
    }
    if (urlUserId === null) {
      dropBadValue();
      return undefined;
    }
    void search.start(urlUserId);
    return () => search.cancel();
  }, [raw, urlUserId, search]);

  const running = state.phase === 'listing' || state.phase === 'searching';
  const note = partialNote(state, texts);
  const partial = state.phase !== 'finished';
  const canResume = state.phase === 'cancelled' || (state.phase === 'stopped' && state.total !== null);

  if (state.userId === null) return null;
  const identity = identityLine(state.sessions);
  return (
    <section className="learner-search" aria-labelledby={titleId}>
      <div className="learner-search-head">
        <h2 id={titleId}>{texts.resultsTitle(state.userId)}</h2>
        <button type="button" className="button" onClick={close}>
          {texts.close}
        </button>
      </div>
      {identity !== null && <p className="learner-search-who">{identity}</p>}
      {state.phase !== 'no_list' && (
        <div className="learner-search-bar">
          <p role="status" className="learner-search-status">
            {statusLine(state, texts)}
          </p>
          {running && (
            <button type="button" className="button" onClick={() => search.cancel()}>
              {texts.cancel}
            </button>
          )}
          {canResume && (
            <button type="button" className="button button-primary" onClick={() => void search.resume()}>
              {texts.resume}
            </button>
          )}
        </div>
      )}
      {state.pausedUntil !== null && running && (
        <PauseNotice key={state.pausedUntil} untilMs={state.pausedUntil} texts={texts} />
      )}
      {note && <p className={state.phase === 'finished' ? undefined : 'learner-search-partial'}>{note}</p>}
      {state.listCutShort && <p className="alert alert-warning">{texts.listCutShort(state.listCutShort)}</p>}
      {state.phase === 'no_list' && (
        <p className="alert alert-warning" role="alert">
          {texts.noList}
        </p>
      )}
      {state.phase === 'stopped' && <ApiErrorAlert error={state.error} onRetry={() => void search.resume()} />}
      <ParseReportNotice report={state.report} itemNoun="row" />
      {state.sessions.length > 0 && <LearnerResults sessions={state.sessions} partial={partial} />}
      {state.failed.length > 0 && (
        <details className="learner-search-failed">
          <summary>{texts.failedTitle(state.failed.length)}</summary>
          <ul>
            {state.failed.map((entry) => (
              <li key={entry.course.id}>
                {texts.failedCourse(entry.course.name, entry.course.id, texts.failure[entry.failure])}
              </li>
            ))}
          </ul>
          <p className="muted">{texts.failedRetryHint}</p>
        </details>
      )}
    </section>
  );
}
