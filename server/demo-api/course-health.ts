// How the learners of a generated course are doing. Most courses are alive, as a course people are taking; the
// others differ, so an account overview has something to tell apart: many overdue, all done, inactive for months,
// not started yet. Decided from the course id alone, so the course list knows it without generating rows.
import { Random } from './random';

export const COURSE_HEALTHS = ['alive', 'overdue', 'done', 'inactive', 'not-started'] as const;
export type CourseHealth = (typeof COURSE_HEALTHS)[number];

/** The share of generated courses of each kind but alive, which takes the rest (about 70 %). */
const SHARES: ReadonlyArray<readonly [CourseHealth, number]> = [
  ['overdue', 0.1],
  ['done', 0.08],
  ['inactive', 0.08],
  ['not-started', 0.05],
];

const DAY_S = 86_400;

/**
 * How many days ago a quiet course saw its last activity: an inactive one three to eight months ago, a done one
 * some days to weeks ago, one not started yet in the last few days (its first few learners).
 */
const QUIET_DAYS: Partial<Record<CourseHealth, readonly [number, number]>> = {
  inactive: [90, 240],
  done: [3, 45],
  'not-started': [0, 5],
};

function healthOfRoll(roll: number): CourseHealth {
  let rest = roll;
  for (const [health, share] of SHARES) {
    if (rest < share) return health;
    rest -= share;
  }
  return 'alive';
}

/** The course's health and, for a quiet course, its quietDays (demo-course.ts). */
export function courseHealth(id: number): { health: CourseHealth; quietDays?: number } {
  // Its own seed, apart from the course's and its statistics': an alive course is drawn exactly as before.
  const random = new Random(id * 104_729 + 17);
  const health = healthOfRoll(random.float());
  const quiet = QUIET_DAYS[health];
  return quiet ? { health, quietDays: random.int(...quiet) } : { health };
}

/** How a course's rows are drawn. */
export interface RowRules {
  /** A learner's progress from a roll in [0, 1), with `random` for a progress between 1 and 99. */
  progress(roll: number, random: Random): number;
  /** The share of completed learners who passed. */
  passShare: number;
  /** The share of unfinished learners of a session with a deadline who are past theirs. */
  overdueShare: number;
  /** How long ago a learner who started was last active, in seconds. */
  activityAgeSeconds(random: Random, completed: boolean): number;
}

const ALIVE: RowRules = {
  progress: (roll, random) => (roll < 0.15 ? 0 : roll < 0.4 ? 100 : random.int(1, 99)),
  passShare: 0.75,
  // A third or so of the unfinished: see rowDeadline (courses.ts).
  overdueShare: 0.36,
  /**
   * About half within the last two weeks, as on a course people are taking, the rest spread over the months before.
   * Those who completed did so on their last activity, so about one in seven of them finished in the last week: a
   * few each week.
   */
  activityAgeSeconds(random, completed) {
    const recent = random.chance(completed ? 0.4 : 0.55);
    return recent ? random.int(600, 14 * DAY_S - 600) : random.int(14 * DAY_S + 600, 200 * DAY_S);
  },
};

/** Activity from `quiet` days ago back over `spanDays` more: nobody later than the course's last activity. */
const quietSince = (quiet: number, spanDays: number) => (random: Random) =>
  random.int(quiet * DAY_S + 600, (quiet + spanDays) * DAY_S);

/** The rules for a course's rows; quiet is the course's quietDays (0 when it has none). */
export function rowRules(health: CourseHealth, quiet: number): RowRules {
  switch (health) {
    case 'alive':
      return ALIVE;
    // Most unfinished, and most of those past a deadline that passed: 40–70 % of the rows overdue.
    case 'overdue':
      return {
        ...ALIVE,
        progress: (roll, random) => (roll < 0.1 ? 0 : roll < 0.2 ? 100 : random.int(1, 99)),
        overdueShare: 0.7,
      };
    // Everyone completed, most passed; the last of them some days or weeks ago.
    case 'done':
      return { ...ALIVE, progress: () => 100, passShare: 0.85, activityAgeSeconds: quietSince(quiet, 150) };
    // As any course, but nobody has been back for months.
    case 'inactive':
      return { ...ALIVE, activityAgeSeconds: quietSince(quiet, 150) };
    // Mostly not started; the few who did started in the last days and none is late yet.
    case 'not-started':
      return {
        ...ALIVE,
        progress: (roll, random) => (roll < 0.85 ? 0 : roll < 0.88 ? 100 : random.int(1, 40)),
        overdueShare: 0.05,
        activityAgeSeconds: quietSince(quiet, 7),
      };
  }
}
