/**
 * Column ids, shared by the column definitions, the URL's sort parameter and the remembered column choice.
 * Most are the wire field they show; status and progress are derived.
 */
export const MAIN_COLUMN_IDS = [
  'username',
  'user_email',
  'course_session_name',
  'status',
  'progress',
  'score',
  'deadline',
  'last_activity',
  'time_spent',
  'completed_tasks',
  'cert_file',
] as const;

/** Hidden until chosen in the Columns menu. */
export const EXTRA_COLUMN_IDS = [
  'completed',
  'success',
  'quiz_count',
  'score_percent',
  'progress_percent',
  'id',
  'user_id',
  'course_session_id',
] as const;

export type CourseStatsColumnId = (typeof MAIN_COLUMN_IDS)[number] | (typeof EXTRA_COLUMN_IDS)[number];

/** Every column but the certificate link sorts. */
export const SORTABLE_COLUMN_IDS: readonly CourseStatsColumnId[] = [...MAIN_COLUMN_IDS, ...EXTRA_COLUMN_IDS].filter(
  (id) => id !== 'cert_file',
);

export function isSortableColumnId(value: string): value is CourseStatsColumnId {
  return (SORTABLE_COLUMN_IDS as readonly string[]).includes(value);
}

export function isExtraColumnId(value: string): value is (typeof EXTRA_COLUMN_IDS)[number] {
  return (EXTRA_COLUMN_IDS as readonly string[]).includes(value);
}
