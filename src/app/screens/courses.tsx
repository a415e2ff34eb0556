import { useSearchParams } from 'react-router';
import { courseStatsHref } from '@/features/course-stats/params/course-stats-search';
import { chooseRememberOnDevice } from '@/features/course-stats/changes/snapshot-store';
import { CourseShortcuts } from '@/features/course-stats/routes/course-shortcuts';
import { LearnerSearch } from '@/features/courses/learner-search/learner-search';
import { LEARNER_PARAM } from '@/features/courses/learner-search/learner-search-run';
import { AccountOverview } from '@/features/overview/account-overview';
import { useCatalog } from '@/lib/i18n';
import { appCatalogs } from '../strings';

const learnerHref = (userId: number) => `/courses?${LEARNER_PARAM}=${userId}`;

/**
 * The `courses` route, where sign-in lands: the account overview, with the course statistics' shortcuts (Course
 * ID, recently opened, saved views) in its disclosure and the learner across courses under its search box (given the overview's learners, it asks only what they leave open).
 */
export function Component() {
  const texts = useCatalog(appCatalogs);
  const [params] = useSearchParams();
  return (
    <AccountOverview
      title={texts.titles.courses}
      courseHref={courseStatsHref}
      learnerHref={learnerHref}
      shortcuts={<CourseShortcuts />}
      learnerView={params.has(LEARNER_PARAM) ? (known) => <LearnerSearch known={known} /> : null}
      chooseKeep={chooseRememberOnDevice}
    />
  );
}
