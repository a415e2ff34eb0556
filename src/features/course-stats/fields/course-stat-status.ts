// A row's status lives in lib (the courses feature's learner search shows it too); this module keeps the
// feature's imports.
export {
  courseStatStatus,
  effectiveProgress,
  isOverdue,
  STATUS_RANK,
  type CourseStatStatus,
} from '@/lib/course-stat-status';

/** "Inactive": no activity for this many days or more, or none ever (the quick filter, and what changed). */
export const INACTIVE_DAYS = 14;
