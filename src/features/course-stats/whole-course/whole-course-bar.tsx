import type { ReactNode } from 'react';
import { LoadingBar } from '@/components/loading-bar';
import type { QueryKey } from '@tanstack/react-query';
import type { WholeCourseData } from '@/course/whole-course';
import { useReadSoFar } from '@/course/whole-course-progress';
import { useCatalog } from '@/lib/i18n';
import { isCutShort } from '@/lib/list-end';
import { failureReason } from '@/lib/retry-policy';
import { wholeCourseCatalogs } from './strings';
import type { WholeCourse } from './use-whole-course';

export interface WholeCourseBarProps {
  /** The rows on screen: whether the load is complete, and what it waits for, as the table shows it. */
  data: WholeCourseData | undefined;
  /**
   * The rows last handed over, when the screen renders them deferred and may not show them yet: counted so that
   * the line never falls back to fewer rows than it said before. Absent where `data` is always the latest.
   */
  latest?: WholeCourseData | undefined;
  /** The whole-course query's key, whose progress runs ahead of `data` while pages come in. */
  queryKey: QueryKey;
  fetching: boolean;
  /** When `data` was last written: the reference for "waiting 5 s". */
  updatedAt: number;
  onCancel: () => void;
  onResume: () => void;
  onRefresh: () => void;
  /** Back to page-by-page browsing; absent where there is none (the learner view). */
  onShowPages?: () => void;
  /** A control of what is done with the rows once in (Remember on this device), between the status and actions. */
  extra?: ReactNode;
  /** The error that stopped the load, if one did: a lost connection is named as such. */
  stoppedBy?: unknown;
}

/**
 * Where a whole-course load stands: a progress bar while pages come in, one status line (rows and pages so
 * far, then the total), and what can be done: cancel, resume after the last page read, reload, or go back
 * to pages.
 */
export function WholeCourseBar({
  data,
  latest = data,
  queryKey,
  fetching,
  updatedAt,
  onCancel,
  onResume,
  onRefresh,
  onShowPages,
  stoppedBy = null,
  extra = null,
}: WholeCourseBarProps) {
  const texts = useCatalog(wholeCourseCatalogs);
  // Only this bar follows every page; the rows (and all computed over them) are handed over less often.
  // Held while the rows handed over are still rendering (see useReadSoFar).
  const readSoFar = useReadSoFar(queryKey, latest !== data);
  const counted = latest ?? data;
  const loaded = readSoFar?.items ?? counted?.items.length ?? 0;
  const pages = readSoFar?.pages ?? counted?.pages ?? 0;
  const complete = data?.complete ?? false;
  const loading = fetching && !complete;
  let status: string;
  if (complete && data && isCutShort(data.end)) status = texts.cutShort(data.end, loaded, pages);
  else if (complete) status = texts.loadedAll(loaded, pages);
  else if (loading) status = texts.loadedSoFar(loaded, pages);
  else if (stoppedBy !== null && failureReason(stoppedBy) === 'connection_lost')
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
            <button type="button" className="button" onClick={onCancel}>
              {texts.cancel}
            </button>
          ) : (
            <>
              {!complete && (
                <button type="button" className="button button-primary" onClick={onResume}>
                  {texts.resume}
                </button>
              )}
              <button type="button" className="button" onClick={onRefresh}>
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

/** What the screen shows of a whole-course load, when it renders the rows deferred. */
export type ShownLoad = Pick<WholeCourseBarProps, 'data' | 'fetching' | 'updatedAt'>;

/**
 * The bar over one whole-course load, with the load's own controls. Given `shown`, the status follows the rows
 * the screen shows (deferred); without it, the rows as they are loaded.
 */
export function WholeCourseLoadBar({
  whole,
  shown,
  onShowPages,
  extra,
}: {
  whole: WholeCourse;
  shown?: ShownLoad;
  onShowPages?: () => void;
  extra?: ReactNode;
}) {
  const { query } = whole;
  const current = shown ?? { data: query.data, fetching: query.isFetching, updatedAt: query.dataUpdatedAt };
  return (
    <WholeCourseBar
      data={current.data}
      latest={query.data}
      queryKey={whole.queryKey}
      fetching={current.fetching}
      updatedAt={current.updatedAt}
      onCancel={whole.cancel}
      onResume={whole.load}
      onRefresh={whole.refresh}
      onShowPages={onShowPages}
      stoppedBy={query.error}
      extra={extra}
    />
  );
}
