/** A course statistic as the scripted upstream (e2e/scripted-upstream.ts) generates it by default; specs build on it. */
export function statRow(id: number, overrides: Record<string, unknown> = {}, courseId = 1): Record<string, unknown> {
  return {
    id,
    user_id: 1000 + id,
    username: `Learner ${id}`,
    user_email: `learner${id}@example.com`,
    course_id: courseId,
    coursename: `Scripted course ${courseId}`,
    completed: id % 3 === 0,
    success: id % 6 === 0,
    course_session_id: 1,
    course_session_name: 'Scripted session',
    deadline: null,
    time_spent: id * 60,
    quiz_count: null,
    score: id % 100,
    last_activity: null,
    progress: id % 101,
    completed_tasks: id % 7,
    cert_file: null,
    ...overrides,
  };
}
