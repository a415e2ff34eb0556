import * as z from 'zod/mini';

// The values the API's parameters take, and their limits (docs/api.md, Parameters). Which endpoint takes which,
// under which names, is the endpoint table's to say (endpoints.ts).

/** The API's paging limits (docs/api.md, Parameters). */
export const PER_PAGE_MAX = 100;
export const PER_PAGE_DEFAULT = 10;
/** The course list's and the sessions' page size limit, as the public clients use it; the app asks for full pages. */
export const COURSES_PER_PAGE_MAX = 100;

/** A positive integer that JavaScript can hold exactly. */
export const positiveIdSchema = z.int().check(z.positive(), z.maximum(Number.MAX_SAFE_INTEGER));

export const perPageSchema = z.int().check(z.minimum(1), z.maximum(PER_PAGE_MAX));
export const coursesPerPageSchema = z.int().check(z.minimum(1), z.maximum(COURSES_PER_PAGE_MAX));

/** The two lists the sessions endpoint gives, by its `filter` parameter. */
export const COURSE_SESSION_FILTERS = ['active', 'archived'] as const;
export type CourseSessionFilter = (typeof COURSE_SESSION_FILTERS)[number];

/** Content types a course list may be narrowed to (`types[]`): at most this many, each a positive integer. */
export const COURSE_TYPES_MAX = 10;

/** The error body our server and the demo API answer with. Upstream bodies may be anything. */
export const errorBodySchema = z.strictObject({ error: z.string() });
export type ErrorBody = z.output<typeof errorBodySchema>;

/**
 * Requests per minute per client that our server lets through to /endpoint/v1; 0: no limit. Left out by an older
 * server, it reads as 0, and the app meets any limit through 429 and Retry-After instead.
 */
const rateLimitMaxSchema = z._default(z.int().check(z.minimum(0)), 0);

/** What our server tells the app about itself (serverConfigSchema), at CONFIG_PATH. */
export const CONFIG_PATH = '/api/config';

/** What GET /api/config tells the app about the server it runs on. */
export const serverConfigSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('demo'), demoToken: z.string(), rateLimitMax: rateLimitMaxSchema }),
  z.object({ mode: z.literal('proxy'), upstreamHost: z.string(), rateLimitMax: rateLimitMaxSchema }),
]);
export type ServerConfig = z.output<typeof serverConfigSchema>;
