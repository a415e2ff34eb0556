import * as z from 'zod/mini';

/** per_page limits of the course statistics list (docs/api.md, Parameters). */
export const PER_PAGE_MAX = 100;
export const PER_PAGE_DEFAULT = 10;

/** A positive integer that JavaScript can hold exactly. */
export const positiveIdSchema = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

/** The course statistics list's parameters besides access_token, already typed (docs/api.md, Parameters). */
export const courseStatsParamsSchema = z.strictObject({
  user_id: z.optional(positiveIdSchema),
  course_session_id: z.optional(positiveIdSchema),
  page: z.optional(positiveIdSchema),
  per_page: z.optional(z.int().check(z.minimum(1), z.maximum(PER_PAGE_MAX))),
});
export type CourseStatsParams = z.output<typeof courseStatsParamsSchema>;

/** The parameter names each endpoint allows (no others may be sent). */
export const COURSE_STATS_QUERY_NAMES = ['access_token', 'user_id', 'course_session_id', 'page', 'per_page'] as const;
export const LABEL_GROUPS_QUERY_NAMES = ['access_token'] as const;

/** The error body our server and the demo API answer with. Upstream bodies may be anything. */
export const errorBodySchema = z.strictObject({ error: z.string() });
export type ErrorBody = z.output<typeof errorBodySchema>;

export const API_PREFIX = '/endpoint/v1';
export const courseStatsPath = (courseId: number) => `${API_PREFIX}/courses/${courseId}/course_stats`;
export const LABEL_GROUPS_PATH = `${API_PREFIX}/label_groups`;

/** What GET /api/config tells the app about the server it runs on. */
export const serverConfigSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('demo'), demoToken: z.string() }),
  z.object({ mode: z.literal('proxy'), upstreamHost: z.string() }),
]);
export type ServerConfig = z.output<typeof serverConfigSchema>;
export const CONFIG_PATH = '/api/config';
