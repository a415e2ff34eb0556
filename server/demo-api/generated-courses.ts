// The demo's many small courses (ids 2001–2999), beside the handpicked ones of courses.ts: a course list of more
// than a thousand, as a real account has, and learners who are in dozens of courses each. Each is made from its id
// alone, when first asked for, so listing them costs no statistics. DEMO_ACCOUNT=large adds 3,999 more (ids
// 20001–23999), larger on the whole, for the benchmark.
import { courseHealth } from './course-health';
import type { DemoCourse, DemoSession } from './demo-course';
import { Random } from './random';

/** DEMO_ACCOUNT: the standard account, or the larger one for the benchmark. */
export const DEMO_ACCOUNTS = ['standard', 'large'] as const;
export type DemoAccount = (typeof DEMO_ACCOUNTS)[number];

export const FIRST_GENERATED_COURSE_ID = 2001;
export const LAST_GENERATED_COURSE_ID = 2999;
/** The large account's own courses: apart from the standard ids, so the standard account stays as it is. */
export const FIRST_LARGE_COURSE_ID = 20_001;
export const LAST_LARGE_COURSE_ID = 23_999;

/**
 * The generated courses draw their learners from the demo's first 300 users (ids 10001–10300), so each of those
 * is in about forty of them: the learner search has something to find. (`learners` takes the first ones by id.)
 */
export const GENERATED_COURSE_LEARNERS = 300;
/** The large account's courses draw from 20,000 users (ids 10001–30000): each is in several of them. */
export const LARGE_COURSE_LEARNERS = 20_000;

/**
 * A learner to search for across courses: José García (10040) is in course 101 and in about sixty others, most of
 * them generated. Tests and the README name him; course-list.test.ts holds this to be true.
 */
export const SHARED_LEARNER_ID = 10040;

/** The courses whose names test the UI: markup, length, right-to-left text and emoji; each is shown as text. */
export const HOSTILE_COURSE_NAMES: ReadonlyMap<number, string> = new Map([
  [2013, '<script>alert("course")</script> Onboarding'],
  [2027, '<img src=x onerror=alert(1)> Safety & "quotes"'],
  [
    2042,
    'Comprehensive Annual Compliance, Ethics, Anti-Bribery, Data Protection and Information Security Refresher ' +
      'for All Employees, Contractors and Temporary Staff of the EMEA Region (mandatory, 2026 edition, part 1 of 3)',
  ],
  [2056, 'مقدمة في إدارة المشاريع 📊🚀'],
  [2071, 'קורס בטיחות 🔥 Safety'],
  [2085, 'Report \u202Efdp.exe, &amp; entities &lt;b&gt;'],
]);

const TOPICS = [
  'Excel for Analysts',
  'Project Management Basics',
  'Customer Service Excellence',
  'Onboarding for New Hires',
  'Negotiation Skills',
  'Time Management',
  'Python for Data Work',
  'SQL Essentials',
  'Fire Safety',
  'GDPR Awareness',
  'Sales Techniques',
  'Public Speaking',
  'Conflict Resolution',
  'Agile & Scrum',
  'Financial Literacy',
  'Business Writing',
  'First Aid at Work',
  'Cybersecurity Awareness',
  'Product Knowledge',
  'Café Service Standards',
  'Résumé Writing',
  'Français des affaires',
  'Gestión de proyectos',
  'Señales de seguridad',
  'Основы продаж',
  'Деловая переписка',
  'Охрана труда',
  'Управление временем',
  'Эффективные переговоры',
  'Работа с возражениями',
  'Excel для начинающих',
  'Ёлочные продажи: сезон',
  '项目管理入门',
  '客户服务技巧',
  '情報セキュリティ基礎',
  '新入社員研修',
];

const VARIANTS = [
  '',
  ': refresher',
  ' for managers',
  ' — advanced',
  ' — level 2',
  ' (2025)',
  ' — Москва',
  ' — поток 3',
  ' · 第二期',
];

/** Editions, so that most names differ; some still repeat, as in a real account. */
const EDITIONS = ['', ' 2024', ' 2025', ' 2026', ' · v2', ' · v3'];

const SESSION_NAMES = ['Spring cohort', 'Autumn cohort', 'Поток 1', 'Поток 2', 'Pilot group', 'Winter intake'];

/** Deadlines are written in Moscow time against the demo's reference day, like the handpicked courses'. */
function deadlineDaysFromReference(days: number): string {
  const date = new Date(Date.UTC(2026, 10, 1, 15, 0, 0) + days * 86_400_000);
  return `${date.toISOString().slice(0, 19)}+03:00`;
}

const isLargeCourseId = (id: number) => id >= FIRST_LARGE_COURSE_ID && id <= LAST_LARGE_COURSE_ID;

/** Whether the account lists this generated course id. */
export function isGeneratedCourseId(id: number, account: DemoAccount = 'standard'): boolean {
  if (!Number.isSafeInteger(id)) return false;
  return (
    (id >= FIRST_GENERATED_COURSE_ID && id <= LAST_GENERATED_COURSE_ID) || (account === 'large' && isLargeCourseId(id))
  );
}

/**
 * How many statistics a course has. The standard ones: 3 to 30 (a few up to 120). The large account's: skewed as
 * a real account is, most small and some in the hundreds, about 58 on average.
 */
function statCountOf(random: Random, id: number): number {
  if (!isLargeCourseId(id)) return random.chance(0.05) ? random.int(40, 120) : random.int(3, 30);
  const roll = random.float();
  return roll < 0.07 ? random.int(150, 500) : roll < 0.28 ? random.int(40, 150) : random.int(3, 40);
}

/**
 * The sessions' deadlines as the course's health wants them (course-health.ts): an overdue course's all passed a
 * while ago, an inactive course's long ago, a course not started yet has its ahead. Alive and done courses keep
 * theirs. Drawn after everything else, so that the rest of the course is drawn as for any other.
 */
function deadlineFor(random: Random, course: DemoCourse, deadline: string | null): string | null {
  switch (course.health) {
    case 'overdue':
      return deadlineDaysFromReference(random.int(-100, -5));
    case 'inactive':
      return deadline === null ? null : deadlineDaysFromReference(random.int(-400, -150));
    case 'not-started':
      return deadline === null ? null : deadlineDaysFromReference(random.int(20, 150));
    default:
      return deadline;
  }
}

function makeGeneratedCourse(id: number): DemoCourse {
  // Its own seed, apart from the statistics' (Random(course.id)): the two draw independently.
  const random = new Random(id * 7919 + 13);
  const name = HOSTILE_COURSE_NAMES.get(id) ?? `${random.pick(TOPICS)}${random.pick(VARIANTS)}${random.pick(EDITIONS)}`;
  const statCount = statCountOf(random, id);
  const sessionCount = random.int(1, 3);
  const sessionNames = random.sample(SESSION_NAMES, sessionCount);
  const sessions: DemoSession[] = sessionNames.map((sessionName, index) => ({
    id: id * 10 + index + 1,
    name: sessionName,
    // A quarter run without a deadline; the rest end anywhere from over a year ago to four months ahead.
    deadline: random.chance(0.25) ? null : deadlineDaysFromReference(random.int(-420, 120)),
  }));
  const course: DemoCourse = {
    id,
    name,
    statCount,
    taskCount: random.int(3, 15),
    maxScore: random.pick([10, 20, 50, 100]),
    learners: isLargeCourseId(id) ? LARGE_COURSE_LEARNERS : GENERATED_COURSE_LEARNERS,
    sessions,
    ...courseHealth(id),
  };
  if (course.health === 'alive' || course.health === 'done') return course;
  return {
    ...course,
    sessions: sessions.map((session) => ({ ...session, deadline: deadlineFor(random, course, session.deadline) })),
  };
}

const made = new Map<number, DemoCourse>();

/** The account's generated course with this id (made on first use, then kept), or undefined if it has none. */
export function generatedCourse(id: number, account: DemoAccount = 'standard'): DemoCourse | undefined {
  if (!isGeneratedCourseId(id, account)) return undefined;
  const known = made.get(id);
  if (known) return known;
  const course = makeGeneratedCourse(id);
  made.set(id, course);
  return course;
}

/** Every generated course of the account, in id order. */
export function generatedCourses(account: DemoAccount = 'standard'): DemoCourse[] {
  const courses: DemoCourse[] = [];
  const ranges: Array<readonly [number, number]> = [[FIRST_GENERATED_COURSE_ID, LAST_GENERATED_COURSE_ID]];
  if (account === 'large') ranges.push([FIRST_LARGE_COURSE_ID, LAST_LARGE_COURSE_ID]);
  for (const [first, last] of ranges) {
    for (let id = first; id <= last; id += 1) {
      const course = generatedCourse(id, account);
      if (course) courses.push(course);
    }
  }
  return courses;
}
