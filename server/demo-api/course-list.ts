// The demo's course list as the LMS's /courses endpoint gives it (beyond the API description, docs/api.md): the
// handpicked courses of courses.ts and the generated ones, with the same names their course_stats rows carry.
import type { CourseWire } from '../../contract/index';
import { DEMO_COURSES, REFERENCE_DATE, SECURITY_COURSE_ID } from './courses';
import type { DemoCourse } from './demo-course';
import { generatedCourses, type DemoAccount } from './generated-courses';
import { Random } from './random';

const REFERENCE_TIME = Date.parse(REFERENCE_DATE);
const DAY_MS = 86_400_000;

const OWNERS = [
  'Мария Иванова',
  "James O'Brien",
  'Zoë Laurent',
  '王芳',
  'Ahmed Hassan',
  'Ольга Кузнецова-Щербакова',
  'Training Department',
];

/** A date-time `days` (fractional) before the reference day, moved by shiftMs, in UTC as Rails writes it. */
function daysBefore(days: number, shiftMs: number): string {
  return new Date(REFERENCE_TIME + shiftMs - Math.round(days * DAY_MS)).toISOString();
}

/**
 * When a course was created, last updated and last active, in days before the reference day. From its id: about a
 * third were active within the last two weeks. A quiet course (course-health.ts) gives its quietDays, which its
 * rows are all older than, and was not updated since; one not started yet was created shortly before.
 */
function courseDays(course: DemoCourse, random: Random) {
  const created = random.int(400, 1500);
  const updated = random.int(1, created);
  const activityRoll = random.float();
  const activity =
    activityRoll < 0.35
      ? random.float() * 14
      : activityRoll < 0.8
        ? 14 + random.float() * 186
        : 200 + random.float() * 500;
  const quiet = course.quietDays;
  if (quiet === undefined) return { created, updated, activity };
  if (course.health === 'not-started') {
    const fresh = quiet + 8 + (created % 40);
    return { created: fresh, updated: quiet + (updated % (fresh - quiet)), activity: quiet };
  }
  return { created, updated: Math.max(updated, quiet), activity: quiet };
}

/**
 * One course as the list gives it. Its dates and owner come from its id, not from its statistics, so listing a
 * thousand courses generates none: last_activity is the course's own (courseDays), null for a course no one has
 * started.
 */
function listed(course: DemoCourse, shiftMs: number, generated: boolean): CourseWire {
  const random = new Random(course.id * 31 + 7);
  const days = courseDays(course, random);
  const ownerRoll = random.float();
  const descriptionRoll = random.float();
  const thumbRoll = random.float();
  const typeRoll = random.float();
  return {
    id: course.id,
    name: course.name,
    created_at: daysBefore(days.created, shiftMs),
    updated_at: daysBefore(days.updated, shiftMs),
    last_activity: course.statCount === 0 ? null : daysBefore(days.activity, shiftMs),
    // The fields beyond id and name are optional on the wire: some courses leave them out, as the LMS may.
    ...(ownerRoll < 0.1 ? {} : { owner_name: ownerRoll < 0.15 ? null : random.pick(OWNERS) }),
    description:
      course.id === SECURITY_COURSE_ID
        ? '<p onclick="alert(1)">Markup in a <b>description</b> is text.</p><script>alert(2)</script>'
        : descriptionRoll < 0.4
          ? null
          : descriptionRoll < 0.7
            ? `<p>${course.name}: <b>${course.taskCount}</b> tasks.</p>`
            : `${course.taskCount} tasks, up to ${course.maxScore} points.`,
    thumb_url:
      thumbRoll < 0.5
        ? `https://files.example.com/thumbs/${course.id}.png`
        : thumbRoll < 0.6
          ? `/uploads/thumbs/${course.id}.png`
          : null,
    cover_url: null,
    content_type: !generated || typeRoll < 0.85 ? 1 : typeRoll < 0.95 ? 2 : 3,
    total_tasks: course.taskCount,
    total_score: course.maxScore,
    duration: random.chance(0.3) ? null : random.int(3, 60) * 10,
  };
}

/** The day's list of one account, and its pages serialized: a client pages through the same few. */
interface DayList {
  shiftMs: number;
  courses: readonly CourseWire[];
  pages: Map<string, { body: Buffer; total: number }>;
}
const lists = new Map<DemoAccount, DayList>();
const PAGES_KEPT = 500;

/**
 * The account's list for the day (the day's shift, as the statistics'), in id order: built once a day, in a few
 * milliseconds (tens for the large account's 5,000).
 */
function dayList(shiftMs: number, account: DemoAccount): DayList {
  const known = lists.get(account);
  if (known?.shiftMs === shiftMs) return known;
  const courses = [
    ...DEMO_COURSES.map((course) => listed(course, shiftMs, false)),
    ...generatedCourses(account).map((course) => listed(course, shiftMs, true)),
  ].sort((a, b) => a.id - b.id);
  const fresh = { shiftMs, courses, pages: new Map() };
  lists.set(account, fresh);
  return fresh;
}

/** Every course the account lists, in id order, with its dates moved by shiftMs. */
export function demoCourseList(shiftMs: number, account: DemoAccount = 'standard'): readonly CourseWire[] {
  return dayList(shiftMs, account).courses;
}

export interface CoursePageRequest {
  page: number;
  perPage: number;
  /** content_type values to keep; empty: every course. */
  types: readonly number[];
}

/** One page of the day's list as JSON, and how many courses the whole list (of those types) holds. */
export function demoCoursePage(
  shiftMs: number,
  request: CoursePageRequest,
  account: DemoAccount = 'standard',
): { body: Buffer; total: number } {
  const { courses: all, pages } = dayList(shiftMs, account);
  const key = `${request.types.join(',')}:${request.page}:${request.perPage}`;
  const known = pages.get(key);
  if (known) return known;
  const matching =
    request.types.length === 0
      ? all
      : all.filter((course) =>
          request.types.includes(typeof course.content_type === 'number' ? course.content_type : 1),
        );
  const start = (request.page - 1) * request.perPage;
  const answer = {
    body: Buffer.from(JSON.stringify(matching.slice(start, start + request.perPage))),
    total: matching.length,
  };
  if (pages.size >= PAGES_KEPT) pages.delete(pages.keys().next().value ?? '');
  pages.set(key, answer);
  return answer;
}
