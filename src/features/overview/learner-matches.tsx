import { memo, useId, useMemo } from 'react';
import { Link } from 'react-router';
import type { HealthProgress } from '@/course/health-queue';
import type { LearnerIndex } from '@/course/learner-index';
import { queriedCourseId } from './model/search-rank';
import type { OverviewTexts } from './strings';

/** Learners listed for a search: a few, above the table, so the courses stay on the first screen. */
export const LEARNER_MATCHES = 8;

export interface LearnerMatchesProps {
  query: string;
  index: LearnerIndex;
  /** Grows as the index does: the matches are searched again. */
  indexVersion: number;
  progress: HealthProgress;
  /** Where a learner across courses is (the app knows the route). */
  learnerHref: (userId: number) => string;
  texts: OverviewTexts;
}

/**
 * The learners a search finds in the courses read so far ("Anna Petrova · anna.petrova@… · 3 courses"), each a
 * link to the learner across courses, and how far the search looked. A whole number also offers the learner with
 * that user ID, who may be in a course not read yet.
 */
export const LearnerMatches = memo(function LearnerMatches({
  query,
  index,
  indexVersion,
  progress,
  learnerHref,
  texts,
}: LearnerMatchesProps) {
  const headingId = useId();
  const { matches, total } = useMemo(() => {
    // The index is one object that grows in place: its version is what says the matches may have changed.
    void indexVersion;
    return index.find(query, LEARNER_MATCHES);
  }, [index, indexVersion, query]);
  const userId = queriedCourseId(query);
  const byId = userId !== null && !matches.some((match) => match.userId === userId) ? userId : null;
  const left = progress.waiting + progress.reading;
  if (query.trim() === '' || (matches.length === 0 && byId === null && progress.done === 0)) return null;
  return (
    <section className="overview-learners" aria-labelledby={headingId}>
      <h2 id={headingId} className="overview-learners-title">
        {texts.learnersTitle} <span className="muted">{texts.learnersScope(progress.done, progress.total)}</span>
      </h2>
      {matches.length === 0 && byId === null ? (
        // While courses are still to be read, "not found" is not the last word: the learner may be in one of them.
        <p className="muted">{left > 0 ? texts.noLearnerYet(left) : texts.noLearner}</p>
      ) : (
        <ul className="overview-learners-list">
          {matches.map((match) => (
            <li key={match.userId}>
              <Link to={learnerHref(match.userId)}>{match.name.trim() === '' ? `#${match.userId}` : match.name}</Link>
              {/* The spaces between the parts are for the text (copied, read aloud); the flex gap draws them. */}
              {match.email !== '' && (
                <>
                  {' '}
                  <span className="overview-learner-email">
                    <span className="overview-learner-dot">· </span>
                    {match.email}
                  </span>
                </>
              )}{' '}
              <span className="muted">· {texts.learnerCourses(match.courseIds.length)}</span>
            </li>
          ))}
          {byId !== null && (
            <li>
              <Link to={learnerHref(byId)}>{texts.learnerById(byId)}</Link>
            </li>
          )}
        </ul>
      )}
      {/* More match than are listed: without this the list reads as everyone found. */}
      {total > matches.length && <p className="muted">{texts.moreLearners(matches.length, total)}</p>}
    </section>
  );
});
