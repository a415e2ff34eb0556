import { PER_PAGE_DEFAULT, type CourseStatsParams } from '@contract';
import * as z from 'zod/mini';
import { HIDDEN_COLUMNS_PARAM, parseHiddenColumnsParam } from './hidden-columns-param';
import { parseIdInput } from '@/course/id-input';
import { parseSortParam, serializeSort, type CourseStatsSorting } from './sort-param';
import { pathTo } from '@/lib/routes';

export const PER_PAGE_OPTIONS = [10, 25, 50, 100] as const;

/** The quick filters, in the order they are shown and written to the URL (triage/rows-shown.ts says what each keeps). */
export const QUICK_FILTER_IDS = ['overdue', 'not_started', 'inactive', 'not_passed', 'passed_no_cert'] as const;
export type QuickFilterId = (typeof QUICK_FILTER_IDS)[number];

export function isQuickFilterId(value: string): value is QuickFilterId {
  return (QUICK_FILTER_IDS as readonly string[]).includes(value);
}
export type PerPage = (typeof PER_PAGE_OPTIONS)[number];

/** What the URL asks the API for: the contract's parameters but the course (in the path), a page size offered. */
export type CourseStatsSearchParams = Omit<CourseStatsParams, 'courseId' | 'perPage'> & { perPage: PerPage };

/** The rest of the view state: in the URL as well, never sent to the API. */
export interface CourseStatsViewState {
  /** [] for the API's order. */
  sort: CourseStatsSorting;
  /** Whole-course mode: every page loaded, shown in one scrolling table. */
  all: boolean;
  /** Search over the rows loaded (user name, email, session name); '' for none. */
  q: string;
  /** Quick filters over the rows loaded, all of which must hold; in QUICK_FILTER_IDS order. */
  quick: QuickFilterId[];
  /** 'learner': every session of the user in `userId`, with why each is not passed. */
  view: 'learner' | undefined;
}

/** The table's view state, all of it in the URL. */
export type CourseStatsSearch = CourseStatsSearchParams & CourseStatsViewState;

/** The request of a course's statistics that the search asks for: the same parameters, with the course. */
export function courseStatsParams(
  courseId: number,
  { userId, courseSessionId, page, perPage }: CourseStatsSearchParams,
): CourseStatsParams {
  return { courseId, userId, courseSessionId, page, perPage };
}

/** The URL's parameter names, in the order they are written. */
export const SEARCH_PARAM_NAMES = [
  'user_id',
  'course_session_id',
  'page',
  'per_page',
  'sort',
  'all',
  'q',
  'quick',
  'view',
  // Read once by the page and taken out of the address (see hidden-columns-param.ts): never written here.
  HIDDEN_COLUMNS_PARAM,
] as const;

/** A search longer than this is cut: nobody types it, and it would only make URLs unwieldy. */
export const MAX_QUERY_LENGTH = 200;
export type SearchParamName = (typeof SEARCH_PARAM_NAMES)[number];

/** The allowed value nearest to `value`; a tie goes to the smaller one. */
export function nearestPerPage(value: number): PerPage {
  if (value === Number.POSITIVE_INFINITY) return PER_PAGE_OPTIONS[PER_PAGE_OPTIONS.length - 1] ?? PER_PAGE_OPTIONS[0];
  let best: PerPage = PER_PAGE_OPTIONS[0];
  for (const option of PER_PAGE_OPTIONS) {
    if (Math.abs(option - value) < Math.abs(best - value)) best = option;
  }
  return best;
}

export const DEFAULT_PER_PAGE: PerPage = nearestPerPage(PER_PAGE_DEFAULT);

export const DEFAULT_SEARCH: CourseStatsSearch = {
  userId: undefined,
  courseSessionId: undefined,
  page: 1,
  perPage: DEFAULT_PER_PAGE,
  sort: [],
  all: false,
  q: '',
  quick: [],
  view: undefined,
};

/** A string parameter read by `parse`; `undefined` from it means "invalid", which the .catch() below replaces. */
function stringParam<T>(parse: (raw: string) => T | undefined) {
  return z.pipe(
    z.string(),
    z.transform((raw: string, context) => {
      const value = parse(raw);
      if (value === undefined) {
        context.issues.push({ code: 'custom', message: 'invalid', input: raw });
        return z.NEVER;
      }
      return value;
    }),
  );
}

const idParam = stringParam((raw) => {
  const result = parseIdInput(raw, { required: true });
  return result.ok && result.value !== null ? result.value : undefined;
});

const pageParam = stringParam((raw) => {
  if (!/^\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
});

const perPageParam = stringParam((raw) => {
  const trimmed = raw.trim();
  const value = Number(trimmed);
  return trimmed === '' || Number.isNaN(value) ? undefined : nearestPerPage(value);
});

const allParam = stringParam((raw) => (raw === '1' || raw === 'true' ? true : undefined));

const viewParam = stringParam((raw) => (raw === 'learner' ? ('learner' as const) : undefined));

/** Every value falls back instead of failing: a bad link still opens, with the bad part corrected. */
export const courseStatsSearchSchema = z.object({
  user_id: z.catch(z.optional(idParam), undefined),
  course_session_id: z.catch(z.optional(idParam), undefined),
  page: z.catch(pageParam, DEFAULT_SEARCH.page),
  per_page: z.catch(perPageParam, DEFAULT_PER_PAGE),
  all: z.catch(z.optional(allParam), undefined),
  view: z.catch(z.optional(viewParam), undefined),
});

/** The known quick filters of a comma list, deduplicated, in their canonical order, and the unknown rest. */
export function parseQuickParam(raw: string | undefined): { quick: QuickFilterId[]; unknown: string[] } {
  if (raw === undefined) return { quick: [], unknown: [] };
  const parts = raw
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const known = new Set(parts.filter(isQuickFilterId));
  return {
    quick: QUICK_FILTER_IDS.filter((id) => known.has(id)),
    unknown: parts.filter((part) => !isQuickFilterId(part)),
  };
}

export function normalizeQuery(raw: string | undefined): string {
  return (raw ?? '').trim().slice(0, MAX_QUERY_LENGTH);
}

/** A value in the URL that was changed or removed, to tell the user about it. */
export const searchCorrectionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('removed'),
    param: z.enum(['user_id', 'course_session_id', 'sort', 'all', 'quick', 'view', HIDDEN_COLUMNS_PARAM]),
    raw: z.string(),
  }),
  z.discriminatedUnion('param', [
    // Some keys of the sort were left out (`raw`), the others (`value`) still sort.
    z.object({ kind: z.literal('replaced'), param: z.literal('sort'), raw: z.string(), value: z.string() }),
    z.object({ kind: z.literal('replaced'), param: z.literal('page'), raw: z.string(), value: z.number() }),
    z.object({
      kind: z.literal('replaced'),
      param: z.literal('per_page'),
      raw: z.string(),
      value: z.literal([...PER_PAGE_OPTIONS]),
    }),
  ]),
]);
export type SearchCorrection = z.output<typeof searchCorrectionSchema>;

export interface ParsedCourseStatsSearch {
  search: CourseStatsSearch;
  corrections: SearchCorrection[];
}

export function parseCourseStatsSearch(params: URLSearchParams): ParsedCourseStatsSearch {
  const raw = (name: SearchParamName) => params.get(name) ?? undefined;
  const parsed = courseStatsSearchSchema.parse({
    user_id: raw('user_id'),
    course_session_id: raw('course_session_id'),
    page: raw('page'),
    per_page: raw('per_page'),
    all: raw('all'),
    view: raw('view'),
  });
  const quick = parseQuickParam(raw('quick'));
  const sort = parseSortParam(raw('sort'));
  const search: CourseStatsSearch = {
    userId: parsed.user_id,
    courseSessionId: parsed.course_session_id,
    page: parsed.page,
    perPage: parsed.per_page,
    sort: sort.sort,
    all: parsed.all ?? false,
    q: normalizeQuery(raw('q')),
    quick: quick.quick,
    // The learner view is about one user: without a valid User ID there is nothing to show.
    view: parsed.user_id === undefined ? undefined : parsed.view,
  };

  const corrections: SearchCorrection[] = [];
  for (const param of ['user_id', 'course_session_id'] as const) {
    const value = raw(param);
    if (value !== undefined && parsed[param] === undefined) corrections.push({ param, raw: value, kind: 'removed' });
  }
  // "02" or an explicit default is only tidied up; a value whose meaning changed is reported.
  const page = raw('page');
  if (page !== undefined && Number(page) !== search.page) {
    corrections.push({ param: 'page', raw: page, kind: 'replaced', value: search.page });
  }
  const perPage = raw('per_page');
  if (perPage !== undefined && Number(perPage) !== search.perPage) {
    corrections.push({ param: 'per_page', raw: perPage, kind: 'replaced', value: search.perPage });
  }
  const rawSort = raw('sort');
  if (rawSort !== undefined && sort.sort.length === 0) {
    corrections.push({ param: 'sort', raw: rawSort, kind: 'removed' });
  } else if (sort.dropped.length > 0) {
    corrections.push({ param: 'sort', raw: sort.dropped.join(','), kind: 'replaced', value: serializeSort(sort.sort) });
  }
  const all = raw('all');
  if (all !== undefined && parsed.all === undefined) corrections.push({ param: 'all', raw: all, kind: 'removed' });
  if (quick.unknown.length > 0) corrections.push({ param: 'quick', raw: quick.unknown.join(','), kind: 'removed' });
  const view = raw('view');
  if (view !== undefined && search.view === undefined) corrections.push({ param: 'view', raw: view, kind: 'removed' });
  const unknownColumns = parseHiddenColumnsParam(raw(HIDDEN_COLUMNS_PARAM))?.unknown ?? [];
  if (unknownColumns.length > 0) {
    corrections.push({ param: HIDDEN_COLUMNS_PARAM, raw: unknownColumns.join(','), kind: 'removed' });
  }
  return { search, corrections };
}

/** The search as URL parameters, defaults left out; those not ours (from `base`) are kept first, in their order. */
export function serializeCourseStatsSearch(
  search: CourseStatsSearch,
  base: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const params = new URLSearchParams();
  const ours = new Set<string>(SEARCH_PARAM_NAMES);
  for (const [name, value] of base) if (!ours.has(name)) params.append(name, value);
  if (search.userId !== undefined) params.set('user_id', String(search.userId));
  if (search.courseSessionId !== undefined) params.set('course_session_id', String(search.courseSessionId));
  if (search.page !== DEFAULT_SEARCH.page) params.set('page', String(search.page));
  if (search.perPage !== DEFAULT_SEARCH.perPage) params.set('per_page', String(search.perPage));
  const sort = parseSortParam(serializeSort(search.sort)).sort;
  if (sort.length > 0) params.set('sort', serializeSort(sort));
  if (search.all) params.set('all', '1');
  const q = normalizeQuery(search.q);
  if (q !== '') params.set('q', q);
  const { quick } = parseQuickParam(search.quick.join(','));
  if (quick.length > 0) params.set('quick', quick.join(','));
  if (search.view && search.userId !== undefined) params.set('view', search.view);
  return params;
}

/** The query as the address writes it, list commas readable: a query needs no `%2C`, and URLSearchParams reads both. */
export function readableQuery(params: URLSearchParams): string {
  return params.toString().replaceAll('%2C', ',');
}

export function hasFilters(search: Pick<CourseStatsSearch, 'userId' | 'courseSessionId'>): boolean {
  return search.userId !== undefined || search.courseSessionId !== undefined;
}

/** Where the statistics of a course live, with the given view state. */
export function courseStatsHref(courseId: number, search: Partial<CourseStatsSearch> = {}): string {
  const query = readableQuery(serializeCourseStatsSearch({ ...DEFAULT_SEARCH, ...search }));
  return pathTo('courseStats', { courseId }, query);
}
