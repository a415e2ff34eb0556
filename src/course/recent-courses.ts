import { useEffect } from 'react';
import { positiveIdSchema } from '@contract';
import * as z from 'zod/mini';
import { COURSE_MEMORY_KEYS, readStored, removeStored, writeStored } from '@/lib/storage';

export const RECENT_COURSES_LIMIT = 8;
/** One of the keys "Forget this device" clears (an older prefix is still read, and moved, by lib/storage). */
const STORAGE_KEY = COURSE_MEMORY_KEYS.recentCourses;
const NAME_MAX = 200;

const recentCourseSchema = z.object({
  id: positiveIdSchema,
  name: z.nullable(z.string().check(z.maxLength(NAME_MAX))),
});
export type RecentCourse = z.output<typeof recentCourseSchema>;

// Entries are checked one by one: a hand-edited or outdated entry is skipped, the rest survive.
const storedSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((entries: unknown[]) =>
    entries.flatMap((entry) => {
      const parsed = recentCourseSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
);

/** The list with `course` first; an unknown name (null) keeps the one remembered before. */
export function rememberCourse(list: readonly RecentCourse[], course: RecentCourse): RecentCourse[] {
  const previous = list.find((entry) => entry.id === course.id);
  const name = course.name === null ? (previous?.name ?? null) : course.name.trim().slice(0, NAME_MAX) || null;
  return [{ id: course.id, name }, ...list.filter((entry) => entry.id !== course.id)].slice(0, RECENT_COURSES_LIMIT);
}

export function readRecentCourses(): RecentCourse[] {
  return (readStored(STORAGE_KEY, storedSchema) ?? []).slice(0, RECENT_COURSES_LIMIT);
}

export function recordRecentCourse(course: RecentCourse): void {
  writeStored(STORAGE_KEY, rememberCourse(readRecentCourses(), course));
}

export function forgetRecentCourses(): void {
  removeStored(STORAGE_KEY);
}

/** Remembers the course as recently opened once its rows are `loaded`, with the name they give it. */
export function useRecentCourse(courseId: number, courseName: string | null, loaded: boolean): void {
  useEffect(() => {
    if (loaded) recordRecentCourse({ id: courseId, name: courseName });
  }, [loaded, courseId, courseName]);
}
