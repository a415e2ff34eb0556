import * as z from 'zod/mini';
import { positiveIdSchema } from './params';

// The LMS's course list and a course's sessions: endpoints beyond the API description (docs/api.md, "Beyond the
// description"). Their shapes come from the public clients of the same API, so they are read tolerantly: only id
// and name are required; any other field is checked when present, and a bad value costs that field, not the item.

const dateTimeWithOffset = z.iso.datetime({ offset: true });
const emptyAsNull = <T>(value: T | '' | null): T | null => (value === '' ? null : value);

const dateTimeOrNull = z.optional(
  z.pipe(z.union([dateTimeWithOffset, z.null(), z.literal('')]), z.transform(emptyAsNull<string>)),
);
const intOrNull = z.optional(z.pipe(z.union([z.int(), z.null(), z.literal('')]), z.transform(emptyAsNull<number>)));
const stringOrNull = z.optional(z.nullable(z.string()));
const booleanOrNull = z.optional(z.nullable(z.boolean()));

/**
 * An absolute http(s) URL, else null: a relative path, a javascript: or data: URL is of no use to a page on
 * another origin and must never reach an href or src. Not reported: relative paths are what Rails often sends.
 */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const httpUrl = z.optional(
  z.pipe(
    z.nullable(z.string()),
    z.transform((value: string | null) => httpUrlOrNull(value)),
  ),
);

export const courseShape = {
  id: positiveIdSchema,
  name: z.string(),
  created_at: dateTimeOrNull,
  updated_at: dateTimeOrNull,
  last_activity: dateTimeOrNull,
  owner_name: stringOrNull,
  /** Plain data: it may hold HTML, which is never rendered as such. */
  description: stringOrNull,
  thumb_url: httpUrl,
  cover_url: httpUrl,
  /** 1 course, 2 quiz, 3 literature, as the public clients read it. */
  content_type: intOrNull,
  total_tasks: intOrNull,
  total_score: intOrNull,
  duration: intOrNull,
};

const courseObject = z.strictObject(courseShape);

/** One course of the LMS's list. Absent optional fields come out as null, like a course statistic's own. */
export const courseSchema = z.pipe(
  courseObject,
  z.transform((course: z.output<typeof courseObject>) => ({
    id: course.id,
    name: course.name,
    created_at: course.created_at ?? null,
    updated_at: course.updated_at ?? null,
    last_activity: course.last_activity ?? null,
    owner_name: course.owner_name ?? null,
    description: course.description ?? null,
    thumb_url: course.thumb_url ?? null,
    cover_url: course.cover_url ?? null,
    content_type: course.content_type ?? null,
    total_tasks: course.total_tasks ?? null,
    total_score: course.total_score ?? null,
    duration: course.duration ?? null,
  })),
);

/** What the wire carries (the demo API produces this). */
export type CourseWire = z.input<typeof courseSchema>;
/** What the app works with. */
export type Course = z.output<typeof courseSchema>;

export const courseSessionShape = {
  id: positiveIdSchema,
  name: z.string(),
  started_at: dateTimeOrNull,
  finished_at: dateTimeOrNull,
  finished: booleanOrNull,
  infinitely: booleanOrNull,
  access_type: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  deadline_type: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  assignments_count: intOrNull,
  course_id: intOrNull,
  /** The embedded course: taken and left out quietly, as the course list already says all the app uses of it. */
  course: z.optional(z.unknown()),
};

const courseSessionObject = z.strictObject(courseSessionShape);

/** One session of a course. Absent optional fields come out as null; the embedded course is not kept. */
export const courseSessionSchema = z.pipe(
  courseSessionObject,
  z.transform((session: z.output<typeof courseSessionObject>) => ({
    id: session.id,
    name: session.name,
    started_at: session.started_at ?? null,
    finished_at: session.finished_at ?? null,
    finished: session.finished ?? null,
    infinitely: session.infinitely ?? null,
    access_type: session.access_type ?? null,
    deadline_type: session.deadline_type ?? null,
    assignments_count: session.assignments_count ?? null,
    course_id: session.course_id ?? null,
  })),
);

export type CourseSessionWire = z.input<typeof courseSessionSchema>;
export type CourseSession = z.output<typeof courseSessionSchema>;

/** Every field but the two required ones: a bad value there is left out and reported, and the item kept. */
const optionalFields = <T extends Record<string, unknown>>(shape: T) =>
  Object.keys(shape).filter((key) => key !== 'id' && key !== 'name');

/** parseList's spec for the course list. */
export const courseListSpec = { schema: courseSchema, lenientFields: optionalFields(courseShape) };

/** parseList's spec for a course's sessions. */
export const courseSessionListSpec = { schema: courseSessionSchema, lenientFields: optionalFields(courseSessionShape) };
