import { isRecord } from '@/lib/is-record';

// The learner index as the device keeps it (learner-index.ts writes and reads it): what IndexedDB holds must be read
// back whatever a damaged store or an older version left there, and a course's learners can be read from it without
// building the index.

/** What IndexedDB keeps: plain arrays, no Maps or Sets, and no derived strings (they are worked out again on load). */
export interface LearnerIndexData {
  version: 1;
  /** [user id, name, email, course ids]. */
  learners: Array<[number, string, string, number[]]>;
}

/** The learners of index data as toData keeps them; none when `data` is not such (an older version, or damaged). */
export function learnerEntries(data: unknown): Array<[number, string, string, number[]]> {
  if (!isRecord(data) || data.version !== 1 || !Array.isArray(data.learners)) return [];
  return data.learners.filter(isLearnerEntry);
}

/**
 * Per course, the user ids index data holds of it, without building the index: what a course had at the visit
 * that kept the data.
 */
export function learnersByCourse(data: unknown): Map<number, number[]> {
  const byCourse = new Map<number, number[]>();
  for (const [userId, , , courseIds] of learnerEntries(data)) {
    for (const courseId of courseIds) {
      const userIds = byCourse.get(courseId);
      if (userIds) userIds.push(userId);
      else byCourse.set(courseId, [userId]);
    }
  }
  return byCourse;
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value);

function isLearnerEntry(entry: unknown): entry is [number, string, string, number[]] {
  return (
    Array.isArray(entry) &&
    entry.length === 4 &&
    isId(entry[0]) &&
    typeof entry[1] === 'string' &&
    typeof entry[2] === 'string' &&
    Array.isArray(entry[3]) &&
    entry[3].every(isId)
  );
}
