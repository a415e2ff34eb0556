// The security check course (106): hostile markup in names, emails and certificate links, each where the UI must
// show it as text or refuse to link it.
import type { CourseStatWire } from '../../contract/index';
import type { DemoCourse, DemoSession } from './demo-course';
import type { DemoUser } from './names';

/** Learners who take part only in the security check course: their names are markup the UI must show as text. */
const SECURITY_USERS: readonly DemoUser[] = [
  { id: 9001, name: '<img src=x onerror=alert(1)>', email: 'img-onerror@example.com' },
  { id: 9002, name: '<script>alert("xss")</script>', email: '"><svg onload=alert(2)>@example.com' },
  { id: 9003, name: "Robert'); DROP TABLE students;--", email: 'bobby.tables@example.com' },
];

/** The security check course, written out by hand so that each hostile value sits where it is meant to. */
export function securityCourseStats(course: DemoCourse, users: readonly DemoUser[]): CourseStatWire[] {
  const [first, second] = course.sessions;
  const [img, script, bobby] = SECURITY_USERS;
  const [plain] = users;
  if (!first || !second || !img || !script || !bobby || !plain) throw new Error('security course needs its parts');
  const row = (id: number, user: DemoUser, session: DemoSession, progress: number, success: boolean) =>
    ({
      id: course.id * 100_000 + id,
      user_id: user.id,
      username: user.name,
      user_email: user.email,
      course_id: course.id,
      coursename: course.name,
      completed: progress === 100,
      success,
      course_session_id: session.id,
      course_session_name: session.name,
      deadline: session.deadline,
      time_spent: progress * 30,
      quiz_count: 1,
      score: success ? 9 : 3,
      score_percent: success ? 90 : 30,
      // Two of the six were active lately, like a course people are taking (see the demo's README).
      last_activity: progress === 0 ? null : id <= 2 ? '2026-10-30T12:00:00+03:00' : '2026-08-14T12:00:00+03:00',
      progress,
      progress_percent: progress,
      completed_tasks: Math.round((course.taskCount * progress) / 100),
    }) satisfies CourseStatWire;
  return [
    { ...row(1, img, first, 100, true), cert_file: 'https://files.example.com/certificates/106/1.pdf' },
    // A certificate link that is not http(s): the UI must not make it clickable.
    { ...row(2, script, first, 100, true), cert_file: 'javascript:alert(document.domain)' },
    { ...row(3, bobby, first, 40, false), cert_file: null },
    row(4, img, second, 0, false),
    {
      ...row(5, plain, second, 100, false),
      cert_file: 'https://files.example.com/certificates/106/"onmouseover="alert(3).pdf',
    },
    row(6, script, second, 55, false),
  ];
}
