/**
 * Where the API's endpoints and our server's own are. Plain strings, with no schema, so that the app's first module
 * can name a path without evaluating zod (src/start-early.ts).
 */
export const API_PREFIX = '/endpoint/v1';
export const courseStatsPath = (courseId: number) => `${API_PREFIX}/courses/${courseId}/course_stats`;
export const LABEL_GROUPS_PATH = `${API_PREFIX}/label_groups`;

/** What our server tells the app about itself (serverConfigSchema). */
export const CONFIG_PATH = '/api/config';
