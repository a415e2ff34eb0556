// The demo's many small courses (ids 2001–2999), beside the handpicked ones of courses.ts: a course list of more
// than a thousand, as a real account has, and learners who are in dozens of courses each. Each is made from its id
// alone, when first asked for, so listing them costs no statistics.
import type { DemoCourse, DemoSession } from './demo-course';
import { Random } from './random';

export const FIRST_GENERATED_COURSE_ID = 2001;
export const LAST_GENERATED_COURSE_ID = 2999;

/**
 * The generated courses draw their learners from the demo's first 300 users (ids 10001–10300), so each of those
 * is in about forty of them: the learner search has something to find. (`learners` takes the first ones by id.)
 */
export const GENERATED_COURSE_LEARNERS = 300;

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

export function isGeneratedCourseId(id: number): boolean {
  return Number.isSafeInteger(id) && id >= FIRST_GENERATED_COURSE_ID && id <= LAST_GENERATED_COURSE_ID;
}

function makeGeneratedCourse(id: number): DemoCourse {
  // Its own seed, apart from the statistics' (Random(course.id)): the two draw independently.
  const random = new Random(id * 7919 + 13);
  const name = HOSTILE_COURSE_NAMES.get(id) ?? `${random.pick(TOPICS)}${random.pick(VARIANTS)}${random.pick(EDITIONS)}`;
  const statCount = random.chance(0.05) ? random.int(40, 120) : random.int(3, 30);
  const sessionCount = random.int(1, 3);
  const sessionNames = random.sample(SESSION_NAMES, sessionCount);
  const sessions: DemoSession[] = sessionNames.map((sessionName, index) => ({
    id: id * 10 + index + 1,
    name: sessionName,
    // A quarter run without a deadline; the rest end anywhere from over a year ago to four months ahead.
    deadline: random.chance(0.25) ? null : deadlineDaysFromReference(random.int(-420, 120)),
  }));
  return {
    id,
    name,
    statCount,
    taskCount: random.int(3, 15),
    maxScore: random.pick([10, 20, 50, 100]),
    learners: GENERATED_COURSE_LEARNERS,
    sessions,
  };
}

const made = new Map<number, DemoCourse>();

/** The generated course with this id (made on first use, then kept), or undefined outside 2001–2999. */
export function generatedCourse(id: number): DemoCourse | undefined {
  if (!isGeneratedCourseId(id)) return undefined;
  const known = made.get(id);
  if (known) return known;
  const course = makeGeneratedCourse(id);
  made.set(id, course);
  return course;
}

/** Every generated course, in id order. */
export function generatedCourses(): DemoCourse[] {
  const courses: DemoCourse[] = [];
  for (let id = FIRST_GENERATED_COURSE_ID; id <= LAST_GENERATED_COURSE_ID; id += 1) {
    const course = generatedCourse(id);
    if (course) courses.push(course);
  }
  return courses;
}
