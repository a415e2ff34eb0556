/**
 * Where the API's endpoints and our server's own are, and the API's paging limits. Plain values, with no schema, so
 * that the page's first scripts can write a request without evaluating zod (src/app/early-requests.ts).
 */
export const API_PREFIX = '/endpoint/v1';
export const courseStatsPath = (courseId: number) => `${API_PREFIX}/courses/${courseId}/course_stats`;
export const LABEL_GROUPS_PATH = `${API_PREFIX}/label_groups`;
/** Beyond the API description (docs/api.md): the LMS's course list and a course's sessions. */
export const COURSES_PATH = `${API_PREFIX}/courses`;
export const courseSessionsPath = (courseId: number) => `${API_PREFIX}/courses/${courseId}/course_sessions`;

/** The API's paging limits (docs/api.md, Parameters). */
export const PER_PAGE_MAX = 100;
export const PER_PAGE_DEFAULT = 10;
/** The course list's and the sessions' page size limit, as the public clients use it; the app asks for full pages. */
export const COURSES_PER_PAGE_MAX = 100;

/** What our server tells the app about itself (serverConfigSchema). */
export const CONFIG_PATH = '/api/config';
