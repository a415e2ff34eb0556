import type { CourseStat } from '@contract';
import { useId } from 'react';
import { formatNumber, formatPercent } from '@/lib/format';
import { useNow } from '../hooks/use-now';
import { summarizeCourseStats } from '../model/course-stats-summary';
import { texts } from '../strings';

export interface CourseStatsSummaryProps {
  rows: readonly CourseStat[];
  page: number;
  /** The rows are all the results (page 1 and nothing follows), not one page of them. */
  wholeResults: boolean;
}

export function CourseStatsSummary({ rows, page, wholeResults }: CourseStatsSummaryProps) {
  const now = useNow();
  const titleId = useId();
  const summary = summarizeCourseStats(rows, now);
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
      <p className="muted">{texts.summaryScope(summary.rows, page, wholeResults)}</p>
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
