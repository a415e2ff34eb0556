import { z } from 'zod';

/**
 * One course statistic, as the spec's table 2.1 declares it. The only tolerance beyond the table is the
 * quirk the spec itself documents: an empty string in quiz_count and last_activity, which becomes null.
 */
const emptyStringAsNull = <T extends z.ZodType>(schema: T) =>
  z.union([schema, z.null(), z.literal('')]).transform((value) => (value === '' ? null : value));

const dateTimeWithOffset = z.iso.datetime({ offset: true });

export const courseStatShape = {
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  user_email: z.string(),
  course_id: z.number().int(),
  coursename: z.string(),
  completed: z.boolean(),
  success: z.boolean(),
  course_session_id: z.number().int(),
  course_session_name: z.string(),
  deadline: dateTimeWithOffset.nullable().optional(),
  time_spent: z.number(),
  quiz_count: emptyStringAsNull(z.number().int()).optional(),
  score: z.number().int(),
  score_percent: z.number().int().optional(),
  last_activity: emptyStringAsNull(dateTimeWithOffset),
  progress: z.number().int(),
  progress_percent: z.number().int().optional(),
  completed_tasks: z.number().int(),
  cert_file: z.string().nullable().optional(),
};

/**
 * Wire input -> consumer type. Optional fields that are absent come out as null, so consumers handle one
 * "no value" case instead of two.
 */
export const courseStatSchema = z.strictObject(courseStatShape).transform((stat) => ({
  ...stat,
  deadline: stat.deadline ?? null,
  quiz_count: stat.quiz_count ?? null,
  score_percent: stat.score_percent ?? null,
  progress_percent: stat.progress_percent ?? null,
  cert_file: stat.cert_file ?? null,
}));

/** What the wire carries (the demo API produces this). */
export type CourseStatWire = z.input<typeof courseStatSchema>;
/** What the app works with. */
export type CourseStat = z.output<typeof courseStatSchema>;

export const courseStatKeys = Object.keys(courseStatShape) as ReadonlyArray<keyof typeof courseStatShape>;
