import * as z from 'zod/mini';

// zod/mini: the same checks as classic zod at a third of the bundle size, which keeps the first screen in budget.

const dateTimeWithOffset = z.iso.datetime({ offset: true });

const emptyAsNull = <T>(value: T | '' | null): T | null => (value === '' ? null : value);

const intOrEmpty = z.pipe(z.union([z.int(), z.null(), z.literal('')]), z.transform(emptyAsNull<number>));
const dateTimeOrEmpty = z.pipe(
  z.union([dateTimeWithOffset, z.null(), z.literal('')]),
  z.transform(emptyAsNull<string>),
);

/**
 * One course statistic, field by field as docs/api.md lists them. The only tolerance beyond the declared types is
 * the quirk the API's own samples show: an empty string in quiz_count and last_activity, which becomes null.
 */
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

/**
 * The pattern the schema itself checks date-times with, so both paths accept exactly the same strings. (zod sets it
 * when the schema is made; were it ever missing, no date-time would pass here and the schema would check them all.)
 */
const DATE_TIME = dateTimeWithOffset._zod.def.pattern ?? /(?!)/;
const KNOWN_KEYS: ReadonlySet<string> = new Set(Object.keys(courseStatShape));

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isDateTime = (value: unknown): value is string => typeof value === 'string' && DATE_TIME.test(value);

/**
 * courseStatSchema's plain case in plain code, for parseList: a record with only the API's fields, each of the
 * declared type, gives the same output as the schema; anything else gives undefined and goes to the schema, which
 * explains what is wrong. A whole course is 10,000 records; the schema's generic parse costs several microseconds
 * each and allocates as it goes, this a tenth of that. (zod's compiled parsers need `new Function`, which the
 * page's Content-Security-Policy forbids.) contract/course-stat.test.ts holds the two to the same answers.
 */
export function parsePlainCourseStat(input: unknown): CourseStat | undefined {
  if (!z.core.util.isObject(input)) return undefined;
  for (const key in input) if (!KNOWN_KEYS.has(key)) return undefined;
  const { deadline, quiz_count: quizCount, score_percent: scorePercent, last_activity: lastActivity } = input;
  const { progress_percent: progressPercent, cert_file: certFile, time_spent: timeSpent } = input;
  const { id, user_id: userId, username, user_email: userEmail, course_id: courseId, coursename } = input;
  const { completed, success, course_session_id: sessionId, course_session_name: sessionName } = input;
  const { score, progress, completed_tasks: completedTasks } = input;
  if (
    !isInt(id) ||
    !isInt(userId) ||
    typeof username !== 'string' ||
    typeof userEmail !== 'string' ||
    !isInt(courseId) ||
    typeof coursename !== 'string' ||
    typeof completed !== 'boolean' ||
    typeof success !== 'boolean' ||
    !isInt(sessionId) ||
    typeof sessionName !== 'string' ||
    !(deadline === undefined || deadline === null || isDateTime(deadline)) ||
    typeof timeSpent !== 'number' ||
    !Number.isFinite(timeSpent) ||
    !(quizCount === undefined || quizCount === null || quizCount === '' || isInt(quizCount)) ||
    !isInt(score) ||
    !(scorePercent === undefined || isInt(scorePercent)) ||
    !(lastActivity === null || lastActivity === '' || isDateTime(lastActivity)) ||
    !isInt(progress) ||
    !(progressPercent === undefined || isInt(progressPercent)) ||
    !isInt(completedTasks) ||
    !(certFile === undefined || certFile === null || typeof certFile === 'string')
  ) {
    return undefined;
  }
  return {
    id,
    user_id: userId,
    username,
    user_email: userEmail,
    course_id: courseId,
    coursename,
    completed,
    success,
    course_session_id: sessionId,
    course_session_name: sessionName,
    deadline: deadline ?? null,
    time_spent: timeSpent,
    quiz_count: quizCount === '' || quizCount === undefined ? null : quizCount,
    score,
    score_percent: scorePercent ?? null,
    last_activity: lastActivity === '' ? null : lastActivity,
    progress,
    progress_percent: progressPercent ?? null,
    completed_tasks: completedTasks,
    cert_file: certFile ?? null,
  };
}

/** What the wire carries (the demo API produces this). */
export type CourseStatWire = z.input<typeof courseStatSchema>;
/** What the app works with. */
export type CourseStat = z.output<typeof courseStatSchema>;

export const courseStatKeys = Object.keys(courseStatShape) as ReadonlyArray<keyof typeof courseStatShape>;
