import * as z from 'zod/mini';
import { courseListSpec, courseSessionListSpec } from './course';
import { courseStatSchema, parsePlainCourseStat } from './course-stat';
import { apiPath, appParamsSchema, endpoint } from './endpoint-spec';
import { labelGroupSchema, parsePlainLabelGroup } from './label-group';
import {
  COURSE_SESSION_FILTERS,
  COURSE_TYPES_MAX,
  COURSES_PER_PAGE_MAX,
  coursesPerPageSchema,
  PER_PAGE_DEFAULT,
  perPageSchema,
  positiveIdSchema,
} from './params';

/** The page (1-based) of a paged list; the first unless asked otherwise. */
const page = { wire: 'page', key: 'page', schema: positiveIdSchema, read: 'integer', app: { default: 1 } } as const;
/** The course list's and the sessions' page size: full pages unless asked otherwise. */
const coursesPerPage = {
  wire: 'per_page',
  key: 'perPage',
  schema: coursesPerPageSchema,
  read: 'integer',
  app: { default: COURSES_PER_PAGE_MAX },
} as const;

/**
 * The API's read endpoints, each once: the client's requests, the proxy's and the demo API's routes, and the tests'
 * fake API are all made from this table. Adding one is an entry here, the demo's answer and the screen that shows it
 * (docs/api.md, "Adding an endpoint").
 */
export const ENDPOINTS = {
  /** One course's statistics (docs/api.md, Endpoints). */
  courseStats: endpoint({
    path: '/courses/:course_id/course_stats',
    ids: { course_id: 'courseId' },
    query: [
      { wire: 'user_id', key: 'userId', schema: positiveIdSchema, read: 'integer' },
      { wire: 'course_session_id', key: 'courseSessionId', schema: positiveIdSchema, read: 'integer' },
      page,
      { wire: 'per_page', key: 'perPage', schema: perPageSchema, read: 'integer', app: { default: PER_PAGE_DEFAULT } },
    ],
    token: 'required',
    list: { schema: courseStatSchema, plain: parsePlainCourseStat },
    counted: false,
  }),
  /** Every label group with its labels; a bad label drops only itself. */
  labelGroups: endpoint({
    path: '/label_groups',
    ids: {},
    query: [],
    token: 'optional',
    list: { schema: labelGroupSchema, lenientArrays: ['labels'], plain: parsePlainLabelGroup },
    counted: false,
  }),
  /**
   * Beyond the API description (docs/api.md): one page of the LMS's course list. The app asks for full pages and
   * does not narrow the list by types[], so it is what the LMS lists by default for this sign-in.
   */
  courses: endpoint({
    path: '/courses',
    ids: {},
    query: [
      page,
      coursesPerPage,
      { wire: 'types[]', schema: z.array(positiveIdSchema).check(z.maxLength(COURSE_TYPES_MAX)), read: 'integers' },
    ],
    token: 'required',
    list: courseListSpec,
    counted: true,
  }),
  /** Beyond the API description: one page of a course's active or archived sessions. */
  courseSessions: endpoint({
    path: '/courses/:course_id/course_sessions',
    ids: { course_id: 'courseId' },
    query: [
      {
        wire: 'filter',
        key: 'filter',
        schema: z.enum(COURSE_SESSION_FILTERS),
        read: 'text',
        app: 'required',
        refusal: `must be ${COURSE_SESSION_FILTERS.join(' or ')}`,
      },
      page,
      coursesPerPage,
    ],
    token: 'required',
    list: courseSessionListSpec,
    counted: true,
  }),
};

export type Endpoints = typeof ENDPOINTS;
export type EndpointName = keyof Endpoints;
export const ENDPOINT_NAMES = Object.keys(ENDPOINTS) as EndpointName[];

/** The course statistics request as the app holds it, from the URL to the wire; unknown keys are dropped. */
export const courseStatsParamsSchema = appParamsSchema(ENDPOINTS.courseStats);
export type CourseStatsParams = z.output<typeof courseStatsParamsSchema>;
/** What a caller may give: page and page size may be left out. */
export type CourseStatsParamsInput = z.input<typeof courseStatsParamsSchema>;

export const coursesParamsSchema = appParamsSchema(ENDPOINTS.courses);
export type CoursesParams = z.output<typeof coursesParamsSchema>;
export type CoursesParamsInput = z.input<typeof coursesParamsSchema>;

export const courseSessionsParamsSchema = appParamsSchema(ENDPOINTS.courseSessions);
export type CourseSessionsParams = z.output<typeof courseSessionsParamsSchema>;
export type CourseSessionsParamsInput = z.input<typeof courseSessionsParamsSchema>;

/** The label groups' path: what the readiness probe asks the upstream for (the one endpoint without ids). */
export const LABEL_GROUPS_PATH = apiPath(ENDPOINTS.labelGroups, {});
