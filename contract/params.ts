import * as z from 'zod/mini';
import { COURSES_PER_PAGE_MAX, PER_PAGE_DEFAULT, PER_PAGE_MAX } from './endpoints';

/** A positive integer that JavaScript can hold exactly. */
export const positiveIdSchema = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

const perPageSchema = z.int().check(z.minimum(1), z.maximum(PER_PAGE_MAX));

/**
 * The course statistics request (docs/api.md, Parameters) as the app holds it, from the URL to the wire: the course, the filters and
 * the page (1-based). Page and page size left out take the API's defaults; unknown keys are dropped.
 */
export const courseStatsParamsSchema = z.object({
  courseId: positiveIdSchema,
  userId: z.optional(positiveIdSchema),
  courseSessionId: z.optional(positiveIdSchema),
  page: z._default(positiveIdSchema, 1),
  perPage: z._default(perPageSchema, PER_PAGE_DEFAULT),
});
export type CourseStatsParams = z.output<typeof courseStatsParamsSchema>;
/** What a caller may give: page and page size may be left out. */
export type CourseStatsParamsInput = z.input<typeof courseStatsParamsSchema>;

/** Each parameter but the course (which is in the path) under its name on the wire, in the order it is sent. */
export const COURSE_STATS_WIRE_NAMES = [
  ['userId', 'user_id'],
  ['courseSessionId', 'course_session_id'],
  ['page', 'page'],
  ['perPage', 'per_page'],
] as const satisfies ReadonlyArray<
  readonly [Exclude<keyof CourseStatsParams, 'courseId'>, (typeof COURSE_STATS_QUERY_NAMES)[number]]
>;

/** The course list request as the app holds it (1-based page; full pages unless asked otherwise). */
export const coursesParamsSchema = z.object({
  page: z._default(positiveIdSchema, 1),
  perPage: z._default(z.int().check(z.minimum(1), z.maximum(COURSES_PER_PAGE_MAX)), COURSES_PER_PAGE_MAX),
});
export type CoursesParams = z.output<typeof coursesParamsSchema>;
export type CoursesParamsInput = z.input<typeof coursesParamsSchema>;

/** The two lists the sessions endpoint gives, by its `filter` parameter. */
export const COURSE_SESSION_FILTERS = ['active', 'archived'] as const;
export type CourseSessionFilter = (typeof COURSE_SESSION_FILTERS)[number];

/** A course's sessions request as the app holds it. */
export const courseSessionsParamsSchema = z.object({
  courseId: positiveIdSchema,
  filter: z.enum(COURSE_SESSION_FILTERS),
  page: z._default(positiveIdSchema, 1),
  perPage: z._default(z.int().check(z.minimum(1), z.maximum(COURSES_PER_PAGE_MAX)), COURSES_PER_PAGE_MAX),
});
export type CourseSessionsParams = z.output<typeof courseSessionsParamsSchema>;
export type CourseSessionsParamsInput = z.input<typeof courseSessionsParamsSchema>;

/** The course statistics query string besides access_token, as it arrives: the wire's names, each optional. */
export const courseStatsQuerySchema = z.strictObject({
  user_id: z.optional(positiveIdSchema),
  course_session_id: z.optional(positiveIdSchema),
  page: z.optional(positiveIdSchema),
  per_page: z.optional(perPageSchema),
});
export type CourseStatsQuery = z.output<typeof courseStatsQuerySchema>;

/** Content types a course list may be narrowed to (`types[]`): at most this many, each a positive integer. */
export const COURSE_TYPES_MAX = 10;

/** The course list's query string besides access_token, as it arrives: each optional; types[] may repeat. */
export const coursesQuerySchema = z.strictObject({
  page: z.optional(positiveIdSchema),
  per_page: z.optional(z.int().check(z.minimum(1), z.maximum(COURSES_PER_PAGE_MAX))),
  'types[]': z.optional(z.array(positiveIdSchema).check(z.maxLength(COURSE_TYPES_MAX))),
});
export type CoursesQuery = z.output<typeof coursesQuerySchema>;

/** A course's sessions' query string besides access_token, as it arrives: each optional. */
export const courseSessionsQuerySchema = z.strictObject({
  filter: z.optional(z.enum(COURSE_SESSION_FILTERS)),
  page: z.optional(positiveIdSchema),
  per_page: z.optional(z.int().check(z.minimum(1), z.maximum(COURSES_PER_PAGE_MAX))),
});
export type CourseSessionsQuery = z.output<typeof courseSessionsQuerySchema>;

/** The parameter names each endpoint allows (no others may be sent). */
export const COURSE_STATS_QUERY_NAMES = ['access_token', 'user_id', 'course_session_id', 'page', 'per_page'] as const;
export const LABEL_GROUPS_QUERY_NAMES = ['access_token'] as const;
export const COURSES_QUERY_NAMES = ['access_token', 'page', 'per_page', 'types[]'] as const;
export const COURSE_SESSIONS_QUERY_NAMES = ['access_token', 'filter', 'page', 'per_page'] as const;

/** The error body our server and the demo API answer with. Upstream bodies may be anything. */
export const errorBodySchema = z.strictObject({ error: z.string() });
export type ErrorBody = z.output<typeof errorBodySchema>;

/**
 * Requests per minute per client that our server lets through to /endpoint/v1; 0: no limit. Left out by an older
 * server, it reads as 0, and the app meets any limit through 429 and Retry-After instead.
 */
const rateLimitMaxSchema = z._default(z.int().check(z.minimum(0)), 0);

/** What GET /api/config tells the app about the server it runs on. */
export const serverConfigSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('demo'), demoToken: z.string(), rateLimitMax: rateLimitMaxSchema }),
  z.object({ mode: z.literal('proxy'), upstreamHost: z.string(), rateLimitMax: rateLimitMaxSchema }),
]);
export type ServerConfig = z.output<typeof serverConfigSchema>;
