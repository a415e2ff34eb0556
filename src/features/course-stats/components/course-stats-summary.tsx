import type { CourseStat } from '@contract';
import { useId, useMemo } from 'react';
import { formatNumber, formatPercent } from '@/lib/format';
import { useNow } from '../hooks/use-now';
import { summarizeCourseStats } from '../model/course-stats-summary';
import { texts } from '../strings';

export interface CourseStatsSummaryProps {
  /** The rows shown (after search and quick filters). */
  rows: readonly CourseStat[];
  /** Which rows the figures cover, in words ("Based on 300 rows, more may exist."). */
  scope: string;
}

export function CourseStatsSummary({ rows, scope }: CourseStatsSummaryProps) {
  const now = useNow();
  const titleId = useId();
  const summary = useMemo(() => summarizeCourseStats(rows, now), [rows, now]);
  const items: Array<[string, string]> = [
    [texts.summaryLearners, formatNumber(summary.learners)],
    [texts.summaryCompleted, formatPercent(summary.completedPercent)],
    [texts.summaryPassed, formatPercent(summary.passedPercent)],
    [texts.summaryAverageProgress, formatPercent(summary.averageProgress)],
    [texts.summaryAverageScore, formatNumber(summary.averageScore)],
    [texts.summaryOverdue, formatNumber(summary.overdue)],
  ];
  return (
    <section className="course-stats-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.summaryTitle}</h2>
      <p className="muted">{scope}</p>
      <dl>
        {items.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
