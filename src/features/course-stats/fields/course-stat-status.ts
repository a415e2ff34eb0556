// A row's status lives in lib (the courses feature's learner search shows it too); this module keeps the
// feature's imports.
export {
  courseStatStatus,
  effectiveProgress,
  isOverdue,
  STATUS_RANK,
  type CourseStatStatus,
} from '@/lib/course-stat-status';
