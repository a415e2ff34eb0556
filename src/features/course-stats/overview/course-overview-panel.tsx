import type { CourseStat } from '@contract';
import { useId, useMemo } from 'react';
import { BarChart } from '@/components/charts/bar-chart';
import { StackedBar, type SegmentTone } from '@/components/charts/stacked-bar';
import { clampPercent } from '@/lib/format';
import { useCatalog } from '@/lib/i18n';
import type { CourseStatStatus } from '@/course/course-stat-status';
import { fieldCatalogs } from '../fields/strings';
import { courseOverview, PROGRESS_BUCKETS, STATUS_ORDER } from './course-overview';
import { overviewCatalogs } from './strings';
import './course-overview.css';

const STATUS_TONES: Record<CourseStatStatus, SegmentTone> = {
  not_started: 'neutral',
  in_progress: 'progress',
  passed: 'ok',
  not_passed: 'danger',
};

const bandLabel = (index: number) => {
  const step = 100 / PROGRESS_BUCKETS;
  return index === PROGRESS_BUCKETS - 1 ? `${index * step}–100` : `${index * step}–${(index + 1) * step - 1}`;
};

export interface CourseOverviewPanelProps {
  /** The rows shown: those the search and quick filters keep, the same rows the summary covers. */
  rows: readonly CourseStat[];
  /** Which rows those are, in words ("Based on 300 rows, more may exist."). */
  scope: string;
  /** More rows may exist than those loaded: the scope is said as a warning. */
  partial: boolean;
  now: number;
}

/** Progress distribution, status breakdown and a per-session comparison over the rows shown. */
export function CourseOverviewPanel({ rows, scope, partial, now }: CourseOverviewPanelProps) {
  const texts = useCatalog(overviewCatalogs);
  const words = useCatalog(fieldCatalogs);
  const headingId = useId();
  const overview = useMemo(() => courseOverview(rows, now), [rows, now]);
  const bars = overview.progressBuckets.map((value, index) => ({ label: bandLabel(index), value }));
  const busiest = bars.reduce((best, bar) => (bar.value > best.value ? bar : best), { label: '', value: 0 });

  return (
    <section className="course-overview" aria-labelledby={headingId}>
      <h2 id={headingId}>{texts.heading}</h2>
      <p className={partial ? 'course-overview-partial' : 'muted'}>{scope}</p>
      <div className="course-overview-grid">
        <BarChart
          title={texts.progressTitle}
          description={texts.progressDescription(busiest.label, busiest.value)}
          bars={bars}
          formatValue={words.decimal}
          tableHeaders={texts.progressHeaders}
          showTableLabel={texts.showTable}
        />
        <StackedBar
          title={texts.statusTitle}
          segments={STATUS_ORDER.map((status) => ({
            key: status,
            label: words.statusLabels[status],
            value: overview.statuses[status],
            tone: STATUS_TONES[status],
          }))}
          formatSegment={texts.statusSegment}
        />
      </div>
      <div className="course-overview-sessions">
        <table>
          <caption>{texts.sessionsTitle}</caption>
          <thead>
            <tr>
              {Object.values(texts.sessionHeaders).map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {overview.sessions.map((session) => (
              <tr key={session.sessionId}>
                <th scope="row">{session.sessionName}</th>
                <td>{words.decimal(session.learners)}</td>
                <td>
                  <Meter value={session.completedPercent} label={words.percent(session.completedPercent)} />
                </td>
                <td>
                  <Meter value={session.passedPercent} label={words.percent(session.passedPercent)} />
                </td>
                <td>{words.decimal(session.medianScore)}</td>
                <td>{words.percent(session.overduePercent)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** A percentage as text with a small bar beside it; the bar is decoration, the text carries the value. */
function Meter({ value, label }: { value: number; label: string }) {
  return (
    <span className="course-overview-meter">
      <svg viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false">
        <rect className="course-overview-meter-track" x={0} y={0} width={100} height={6} />
        <rect className="course-overview-meter-fill" x={0} y={0} width={clampPercent(value)} height={6} />
      </svg>
      {label}
    </span>
  );
}
