import type { ReactNode } from 'react';
import type { WholeCourseData } from '@/course/whole-course';
import { useReadSoFar } from '@/course/whole-course-progress';
import { useCatalog } from '@/lib/i18n';
import { isCutShort } from '@/lib/list-end';
import { failureReason } from '@/lib/retry-policy';
import { wholeCourseCatalogs } from './strings';
import type { WholeCourse } from './use-whole-course';
import './loading-bar.css';

/** A whole-course load as the screen shows it. */
export interface ShownLoad {
  data: WholeCourseData | undefined;
  fetching: boolean;
  /** When `data` was last written: the reference for "waiting 5 s". */
  updatedAt: number;
}

export interface WholeCourseLoadBarProps {
  whole: WholeCourse;
  /**
   * The load as shown, where the screen defers the rows: whether it is complete, and what it waits for, follow the rows
   * on screen; the counts never fall below the rows handed over. Absent, the bar follows the load itself.
   */
  shown?: ShownLoad;
  /** Back to page-by-page browsing; absent where there is none (the learner view). */
  onShowPages?: () => void;
  /** A control of what is done with the rows once in (Remember on this device), between the status and actions. */
  extra?: ReactNode;
}

/**
 * Where a whole-course load stands: a progress bar while pages come in, one status line (rows and pages so far,
 * then the total), and the ways on: cancel, resume after the last page read, reload, or back to pages.
 */
export function WholeCourseLoadBar({ whole, shown, onShowPages, extra = null }: WholeCourseLoadBarProps) {
  const texts = useCatalog(wholeCourseCatalogs);
  const { query } = whole;
  const { data, fetching, updatedAt } = shown ?? {
    data: query.data,
    fetching: query.isFetching,
    updatedAt: query.dataUpdatedAt,
  };
  const counted = query.data ?? data;
  // Only this bar follows every page; rows are handed over less often, and held while they render (useReadSoFar).
  const readSoFar = useReadSoFar(whole.queryKey, counted !== data);
  const loaded = readSoFar?.items ?? counted?.items.length ?? 0;
  const pages = readSoFar?.pages ?? counted?.pages ?? 0;
  const complete = data?.complete ?? false;
  const loading = fetching && !complete;
  let status: string;
  if (complete && data && isCutShort(data.end)) status = texts.cutShort(data.end, loaded, pages);
  else if (complete) status = texts.loadedAll(loaded, pages);
  else if (loading) status = texts.loadedSoFar(loaded, pages);
  else if (query.error !== null && failureReason(query.error) === 'connection_lost')
    status = texts.connectionLostAt(loaded, pages);
  else status = texts.stoppedAt(loaded, pages);
  const waiting = loading && data?.waiting ? texts.waiting(data.waiting.reason, data.waiting.untilMs, updatedAt) : null;

  return (
    <div className="whole-course-bar">
      {loading && <LoadingBar label={texts.loadingAll} valueText={texts.loadedSoFar(loaded, pages)} />}
      <div className="whole-course-line">
        <p role="status" className="whole-course-status">
          {waiting ? `${status} ${waiting}` : status}
        </p>
        {extra}
        <span className="whole-course-actions">
          {loading ? (
            <button type="button" className="button" onClick={whole.cancel}>
              {texts.cancel}
            </button>
          ) : (
            <>
              {!complete && (
                <button type="button" className="button button-primary" onClick={whole.load}>
                  {texts.resume}
                </button>
              )}
              <button type="button" className="button" onClick={whole.refresh}>
                {texts.refresh}
              </button>
            </>
          )}
          {onShowPages && (
            <button type="button" className="button" onClick={onShowPages}>
              {texts.showPages}
            </button>
          )}
        </span>
      </div>
    </div>
  );
}

/** A bar for work of unknown length: no aria-valuenow, so it is read as indeterminate; its words say what is done. */
function LoadingBar({ label, valueText }: { label: string; valueText: string }) {
  return (
    <div className="loading-bar" role="progressbar" aria-label={label} aria-valuetext={valueText}>
      <span className="loading-bar-fill" />
    </div>
  );
}
