import type { CourseStat } from '@contract';
import { useId, useMemo, type ReactNode } from 'react';
import { Fact } from '@/components/fact';
import { useCatalog } from '@/lib/i18n';
import { PHONE_QUERY, useMediaQuery } from '@/lib/use-media-query';
import { summarizeCourseStats } from '@/course/course-health';
import { useNow } from '../fields/use-now';
import { fieldCatalogs } from '../fields/strings';
import { summaryCatalogs } from './summary-strings';

export interface CourseStatsSummaryProps {
  /** The rows shown (after search and quick filters). */
  rows: readonly CourseStat[];
  /** Which rows the figures cover, in words ("Based on 300 rows, more may exist."). */
  scope: string;
  /** A note about the rows that sits at the strip's end (fields the API added), rather than on a line of its own. */
  note?: ReactNode;
}

/** The summary as one strip: six figures over the rows shown, and which rows those are (two lines on a phone). */
export function CourseStatsSummary({ rows, scope, note }: CourseStatsSummaryProps) {
  const texts = useCatalog(summaryCatalogs);
  const words = useCatalog(fieldCatalogs);
  const now = useNow();
  const titleId = useId();
  const summary = useMemo(() => summarizeCourseStats(rows, now), [rows, now]);
  // A phone's figures are one line that scrolls sideways: keyboard users can scroll it too.
  const phone = useMediaQuery(PHONE_QUERY);
  const items: Array<[string, string]> = [
    [texts.summaryLearners, words.decimal(summary.learners)],
    [texts.summaryCompleted, words.percent(summary.completedPercent)],
    [texts.summaryPassed, words.percent(summary.passedPercent)],
    [texts.summaryAverageProgress, words.percent(summary.averageProgress)],
    [texts.summaryAverageScore, words.decimal(summary.averageScore)],
    [texts.summaryOverdue, words.decimal(summary.overdue)],
  ];
  return (
    <section className="course-stats-summary" aria-labelledby={titleId}>
      <h2 id={titleId}>{texts.summaryTitle}</h2>
      <dl tabIndex={phone ? 0 : undefined} aria-labelledby={phone ? titleId : undefined}>
        {items.map(([term, value]) => (
          <Fact key={term} term={term}>
            {value}
          </Fact>
        ))}
      </dl>
      <p className="muted course-stats-summary-scope" title={scope}>
        {scope}
      </p>
      {note}
    </section>
  );
}
