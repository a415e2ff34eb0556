import type { CourseStatWire } from '../../contract/index';
import { rowRules, type RowRules } from './course-health';
import { makeUsers, type DemoUser } from './names';
import { generatedCourse, type DemoAccount } from './generated-courses';
import { Random } from './random';
import type { DemoCourse, DemoSession } from './demo-course';
import { LONG_NAMES_COURSE_ID, withLongNames } from './long-names-course';
import { securityCourseStats } from './security-course';

/**
 * The day the demo's dates are written against. The served data moves them to the current day (buildCourseStats),
 * whole days at a time, so a deadline 20 days before this date is 20 days before today.
 */
export const REFERENCE_DATE = '2026-11-01T00:00:00Z';
const REFERENCE_TIME = Date.parse(REFERENCE_DATE);
const DAY_MS = 86_400_000;

/** The users most courses draw from (ids 10001–13000). */
const USERS = 3_000;
export const SCALE_COURSE_ID = 1000;
/** 50,000 statistics: how load-all, sorting, scrolling and memory grow past the 10,000 of SCALE_COURSE_ID. */
export const LARGE_SCALE_COURSE_ID = 5000;
export const EMPTY_COURSE_ID = 105;
export const SECURITY_COURSE_ID = 106;

/** A demo course; its sessions get their ids in order: the course id followed by one digit (1011, 1012, ...). */
function course(
  id: number,
  name: string,
  size: Pick<DemoCourse, 'statCount' | 'taskCount' | 'maxScore'> & Partial<Pick<DemoCourse, 'learners'>>,
  sessions: ReadonlyArray<Omit<DemoSession, 'id'>>,
): DemoCourse {
  return {
    id,
    name,
    learners: USERS,
    ...size,
    sessions: sessions.map((session, index) => ({ id: id * 10 + index + 1, ...session })),
  };
}

/** The demo courses. */
export const DEMO_COURSES: readonly DemoCourse[] = [
  course(101, 'Data Analysis Fundamentals', { statCount: 240, taskCount: 12, maxScore: 100 }, [
    { name: 'Spring 2026', deadline: '2026-05-31T23:59:59+03:00' },
    { name: 'Autumn 2026', deadline: '2026-12-20T18:00:00+03:00' },
    { name: 'Self-paced', deadline: null },
  ]),
  course(102, 'Основы информационной безопасности', { statCount: 150, taskCount: 8, maxScore: 40 }, [
    { name: 'Поток 1 — март 2026', deadline: '2026-04-15T18:00:00+03:00' },
    { name: 'Поток 2 — октябрь 2026', deadline: '2026-11-30T18:00:00+03:00' },
  ]),
  course(103, 'Leadership & Communication', { statCount: 300, taskCount: 20, maxScore: 200 }, [
    { name: 'Managers — Q1', deadline: '2026-03-31T17:00:00-05:00' },
    { name: 'Managers — Q2', deadline: '2026-06-30T17:00:00-05:00' },
    { name: 'Team leads — Q3', deadline: '2026-09-30T17:00:00+02:00' },
    { name: 'Team leads — Q4', deadline: '2026-12-31T17:00:00+02:00' },
  ]),
  course(104, 'Workplace Safety Basics', { statCount: 45, taskCount: 5, maxScore: 10 }, [
    { name: 'Warehouse staff', deadline: '2026-10-01T09:00:00Z' },
    { name: 'Office staff', deadline: null },
  ]),
  course(EMPTY_COURSE_ID, 'New course (no statistics yet)', { statCount: 0, taskCount: 6, maxScore: 100 }, [
    { name: 'First run — January 2027', deadline: '2027-01-31T18:00:00+03:00' },
    { name: 'Second run', deadline: null },
  ]),
  course(SECURITY_COURSE_ID, 'Security check: <b>bold</b> & "quotes"', { statCount: 6, taskCount: 3, maxScore: 10 }, [
    { name: '<i>Session</i> one', deadline: '2026-09-01T00:00:00+03:00' },
    { name: 'Session two', deadline: null },
  ]),
  course(107, 'Προηγμένο Excel · 高级 Excel · Excel avancé', { statCount: 80, taskCount: 10, maxScore: 50 }, [
    { name: 'Αθήνα — Ιούνιος', deadline: '2026-06-15T20:00:00+03:00' },
    { name: '上海 — 九月', deadline: '2026-09-20T18:00:00+08:00' },
    { name: 'Lyon — décembre', deadline: '2026-12-10T17:30:00+01:00' },
  ]),
  course(LONG_NAMES_COURSE_ID, 'Long learner names', { statCount: 60, taskCount: 8, maxScore: 100 }, [
    { name: 'Autumn cohort', deadline: '2026-10-20T18:00:00+03:00' },
    { name: 'Winter cohort', deadline: '2026-12-15T18:00:00+03:00' },
  ]),
  course(SCALE_COURSE_ID, 'Scale test: 10,000 statistics', { statCount: 10_000, taskCount: 15, maxScore: 100 }, [
    { name: 'Wave 1', deadline: '2026-02-28T23:59:59+03:00' },
    { name: 'Wave 2', deadline: '2026-07-31T23:59:59+03:00' },
    { name: 'Wave 3', deadline: '2027-01-31T23:59:59+03:00' },
    { name: 'Open enrolment', deadline: null },
  ]),
  // 12,500 per session cannot come from 3,000 users, each at most once per session: this one draws from 15,000.
  course(
    LARGE_SCALE_COURSE_ID,
    'Scale test: 50,000 statistics',
    { statCount: 50_000, taskCount: 15, maxScore: 100, learners: 15_000 },
    [
      { name: 'Cohort A', deadline: '2026-03-31T23:59:59+03:00' },
      { name: 'Cohort B', deadline: '2026-08-31T23:59:59+03:00' },
      { name: 'Cohort C', deadline: '2027-02-28T23:59:59+03:00' },
      { name: 'Open enrolment', deadline: null },
    ],
  ),
];

/** Offsets (minutes) that the timestamps are written in: the same instant may come in any of them. */
const OFFSETS = [180, 180, 180, 0, 120, 60, -300, 480];

function isoWithOffset(epochMs: number, offsetMinutes: number): string {
  const local = new Date(epochMs + offsetMinutes * 60_000).toISOString().slice(0, 19);
  if (offsetMinutes === 0) return `${local}Z`;
  const abs = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local}${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * A learner's deadline: the session's, moved for the unfinished. A share of them are past it (rules.overdueShare,
 * a third or so on an alive course; a date up to a month ago when the session's is still ahead); the others had it moved to a date ahead (an extension), so that
 * an old session does not leave every unfinished learner overdue. Completed learners keep the session's date.
 */
function rowDeadline(random: Random, session: DemoSession, completed: boolean, rules: RowRules): string | null {
  if (session.deadline === null) return null;
  const overdue = random.chance(rules.overdueShare);
  if (completed) return session.deadline;
  const past = Date.parse(session.deadline) < REFERENCE_TIME;
  if (overdue === past) return session.deadline;
  const days = overdue ? -random.int(1, 30) : random.int(3, 60);
  return shiftIso(session.deadline, dayStart(REFERENCE_TIME + days * DAY_MS) - dayStart(Date.parse(session.deadline)));
}

/**
 * One learner's statistic in one session. The rules that hold: success implies completed; completed means
 * progress 100 (and not always success); progress 0 means not started (nothing spent, no activity). The API's
 * quirks (docs/api.md) appear on purpose: '' in quiz_count and last_activity, null and absent optional fields.
 */
function makeStat(
  random: Random,
  course: DemoCourse,
  session: DemoSession,
  user: DemoUser,
  id: number,
  rules: RowRules,
): CourseStatWire {
  const progress = rules.progress(random.float(), random);
  const started = progress > 0;
  const completed = progress === 100;
  const success = completed && random.chance(rules.passShare);
  const passMark = Math.ceil(course.maxScore * 0.7);
  const score = !started
    ? 0
    : success
      ? random.int(passMark, course.maxScore)
      : completed
        ? random.int(Math.round(course.maxScore * 0.2), passMark - 1)
        : random.int(0, Math.round((course.maxScore * progress) / 100));
  const seconds = progress * random.int(20, 150);
  // Some sources report fractional seconds.
  const timeSpent = started && random.chance(0.3) ? seconds + random.int(1, 99) / 100 : seconds;
  const lastActivity = started
    ? isoWithOffset(REFERENCE_TIME - rules.activityAgeSeconds(random, completed) * 1000, random.pick(OFFSETS))
    : random.pick([null, '']);
  const deadline = rowDeadline(random, session, completed, rules);
  const quizRoll = random.float();
  const certRoll = random.float();

  return {
    id,
    user_id: user.id,
    username: user.name,
    user_email: user.email,
    course_id: course.id,
    coursename: course.name,
    completed,
    success,
    course_session_id: session.id,
    course_session_name: session.name,
    ...(random.chance(0.95) ? { deadline } : {}),
    time_spent: timeSpent,
    ...(quizRoll < 0.1 ? {} : { quiz_count: quizRoll < 0.2 ? '' : quizRoll < 0.3 ? null : random.int(0, 8) }),
    score,
    ...(random.chance(0.85) ? { score_percent: Math.round((score / course.maxScore) * 100) } : {}),
    last_activity: lastActivity,
    progress,
    ...(random.chance(0.85) ? { progress_percent: progress } : {}),
    completed_tasks: Math.round((course.taskCount * progress) / 100),
    ...(success && certRoll < 0.9
      ? { cert_file: `https://files.example.com/certificates/${course.id}/${id}.pdf` }
      : certRoll < 0.5
        ? { cert_file: null }
        : {}),
  };
}

/**
 * A course's statistics, ordered by id. Each session enrols a random sample of one cohort, so a user often
 * appears in several sessions of a course (never twice in one session).
 */
export function generateCourseStats(course: DemoCourse, users: readonly DemoUser[]): CourseStatWire[] {
  const random = new Random(course.id);
  const sessionCount = course.sessions.length;
  const perSession = Math.ceil(course.statCount / sessionCount);
  const cohort = random.sample(users, Math.max(perSession, Math.ceil(course.statCount * 0.7)));
  const enrolments: Array<[DemoUser, DemoSession]> = [];
  course.sessions.forEach((session, index) => {
    const count = Math.floor(course.statCount / sessionCount) + (index < course.statCount % sessionCount ? 1 : 0);
    for (const user of random.sample(cohort, count)) enrolments.push([user, session]);
  });
  const rules = rowRules(course.health ?? 'alive', course.quietDays ?? 0);
  let id = course.id * 100_000;
  return random.shuffle(enrolments).map(([user, session]) => {
    id += random.int(1, 3);
    return makeStat(random, course, session, user, id, rules);
  });
}

/** The same instant-in-its-offset, moved by shiftMs: '2026-05-31T23:59:59+03:00' stays in +03:00. */
export function shiftIso(iso: string, shiftMs: number): string {
  if (shiftMs === 0) return iso;
  const zone = /(?:Z|([+-])(\d\d):(\d\d))$/.exec(iso);
  const offset = zone?.[1] === undefined ? 0 : (zone[1] === '-' ? -1 : 1) * (Number(zone[2]) * 60 + Number(zone[3]));
  return isoWithOffset(Date.parse(iso) + shiftMs, offset);
}

/** The UTC day that holds this instant, as the instant it starts. */
export const dayStart = (epochMs: number) => Math.floor(epochMs / DAY_MS) * DAY_MS;

/**
 * Every demo course's statistics by course id, generated from fixed seeds, with their dates (deadlines and last
 * activity) moved from REFERENCE_DATE to the day of `now`: the same data for the same day, and "overdue" or
 * "inactive for 14 days" split the learners as they would on live data, whatever the day. Each course is generated
 * the first time it is asked for, so the server starts without waiting for the 50,000-row course (about half a
 * second), and only pays for it if someone opens it.
 */
export function buildCourseStats(now: number = REFERENCE_TIME, account: DemoAccount = 'standard'): CourseStatsByCourse {
  return new LazyCourseStats(dayStart(now) - REFERENCE_TIME, account);
}

/** The account's course with this id, handpicked or generated; undefined for an id the account does not have. */
export function demoCourse(id: number, account: DemoAccount = 'standard'): DemoCourse | undefined {
  return DEMO_COURSES.find((course) => course.id === id) ?? generatedCourse(id, account);
}

/** Statistics by course id, each list ordered by id. */
export interface CourseStatsByCourse {
  /** A course with no statistics gives []; an unknown course undefined. */
  get(courseId: number): readonly CourseStatWire[] | undefined;
}

class LazyCourseStats implements CourseStatsByCourse {
  private readonly built = new Map<number, readonly CourseStatWire[]>();
  /** Users are the same in every course: the first `learners` of one list (a longer list starts with the same). */
  private users: readonly DemoUser[] = [];

  constructor(
    private readonly shiftMs: number,
    private readonly account: DemoAccount,
  ) {}

  get(courseId: number): readonly CourseStatWire[] | undefined {
    const known = this.built.get(courseId);
    if (known) return known;
    const course = demoCourse(courseId, this.account);
    if (!course) return undefined;
    const stats = this.generate(course);
    this.built.set(courseId, stats);
    return stats;
  }

  private generate(course: DemoCourse): CourseStatWire[] {
    if (this.users.length < course.learners) this.users = makeUsers(new Random(2026), 10_001, course.learners);
    const users = this.users.slice(0, course.learners);
    const generated =
      course.id === SECURITY_COURSE_ID
        ? securityCourseStats(course, users)
        : course.id === LONG_NAMES_COURSE_ID
          ? withLongNames(generateCourseStats(course, users))
          : generateCourseStats(course, users);
    // Fresh objects of our own: the dates are moved in place rather than copied (50,000 copies are felt).
    for (const stat of generated) {
      if (typeof stat.deadline === 'string') stat.deadline = shiftIso(stat.deadline, this.shiftMs);
      if (typeof stat.last_activity === 'string' && stat.last_activity !== '') {
        stat.last_activity = shiftIso(stat.last_activity, this.shiftMs);
      }
    }
    return generated.sort((a, b) => a.id - b.id);
  }
}
