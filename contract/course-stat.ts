import * as z from 'zod/mini';

// zod/mini: the same checks as classic zod at a third of the bundle size, which keeps the first screen in budget.

/**
 * One course statistic, as the spec's table 2.1 declares it. The only tolerance beyond the table is the
 * quirk the spec itself documents: an empty string in quiz_count and last_activity, which becomes null.
 */
const dateTimeWithOffset = z.iso.datetime({ offset: true });

const emptyAsNull = <T>(value: T | '' | null): T | null => (value === '' ? null : value);

const intOrEmpty = z.pipe(z.union([z.int(), z.null(), z.literal('')]), z.transform(emptyAsNull<number>));
const dateTimeOrEmpty = z.pipe(
  z.union([dateTimeWithOffset, z.null(), z.literal('')]),
  z.transform(emptyAsNull<string>),
);

export const courseStatShape = {
  id: z.int(),
  user_id: z.int(),
  username: z.string(),
  user_email: z.string(),
  course_id: z.int(),
  coursename: z.string(),
  completed: z.boolean(),
  success: z.boolean(),
  course_session_id: z.int(),
  course_session_name: z.string(),
  deadline: z.optional(z.nullable(dateTimeWithOffset)),
  time_spent: z.number(),
  quiz_count: z.optional(intOrEmpty),
  score: z.int(),
  score_percent: z.optional(z.int()),
  last_activity: dateTimeOrEmpty,
  progress: z.int(),
  progress_percent: z.optional(z.int()),
  completed_tasks: z.int(),
  cert_file: z.optional(z.nullable(z.string())),
};

const courseStatObject = z.strictObject(courseStatShape);

/**
 * Wire input -> consumer type. Optional fields that are absent come out as null, so consumers handle one
 * "no value" case instead of two.
 */
export const courseStatSchema = z.pipe(
  courseStatObject,
  z.transform((stat: z.output<typeof courseStatObject>) => ({
    ...stat,
    deadline: stat.deadline ?? null,
    quiz_count: stat.quiz_count ?? null,
    score_percent: stat.score_percent ?? null,
    progress_percent: stat.progress_percent ?? null,
    cert_file: stat.cert_file ?? null,
  })),
);

/** What the wire carries (the demo API produces this). */
export type CourseStatWire = z.input<typeof courseStatSchema>;
/** What the app works with. */
export type CourseStat = z.output<typeof courseStatSchema>;

export const courseStatKeys = Object.keys(courseStatShape) as ReadonlyArray<keyof typeof courseStatShape>;
