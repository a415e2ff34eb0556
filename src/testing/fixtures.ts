import type { Course, CourseStatWire, LabelGroupWire } from '@contract';

/** A wire-format course statistic with every field set; override what a test cares about. */
export function courseStatWire(overrides: Partial<CourseStatWire> = {}): CourseStatWire {
  const id = overrides.id ?? 1;
  return {
    id,
    user_id: 100 + id,
    username: `Learner ${id}`,
    user_email: `learner${id}@example.com`,
    course_id: 7,
    coursename: 'Onboarding',
    completed: false,
    success: false,
    course_session_id: 70,
    course_session_name: 'Autumn group',
    deadline: '2026-12-01T18:00:00+03:00',
    time_spent: 3600,
    quiz_count: 2,
    score: 40,
    score_percent: 40,
    last_activity: '2026-11-10T09:30:00+03:00',
    progress: 50,
    progress_percent: 50,
    completed_tasks: 3,
    cert_file: null,
    ...overrides,
  };
}

/** The statistics table's column headers, in order, before the user changes the columns. */
export const DEFAULT_COLUMN_HEADERS = [
  'User',
  'Session',
  'Status',
  'Progress',
  'Score',
  'Deadline',
  'Last activity',
  'Time spent',
  'Tasks',
  'Certificate',
] as const;

/** A promise the test opens when it chooses: a request handler awaits `gate.opened` to hold its answer back. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

export function courseStatsPage(count: number, from = 1, overrides: Partial<CourseStatWire> = {}): CourseStatWire[] {
  return Array.from({ length: count }, (_, i) => courseStatWire({ ...overrides, id: from + i }));
}

export function labelGroupWire(overrides: Partial<LabelGroupWire> = {}): LabelGroupWire {
  return {
    id: 1,
    name: 'Department',
    group_id: null,
    created_at: '2026-01-10T08:00:00Z',
    updated_at: '2026-03-01T08:00:00Z',
    labels: [{ description: 'Sales', type: 'string', additionalProperties: false, required: ['name'] }],
    ...overrides,
  };
}

/** A course as the client holds it after parsing the list: named `Course <id>`, every optional field null. */
export function parsedCourse(id: number, overrides: Partial<Course> = {}): Course {
  return {
    id,
    name: `Course ${id}`,
    created_at: null,
    updated_at: null,
    last_activity: null,
    owner_name: null,
    description: null,
    thumb_url: null,
    cover_url: null,
    content_type: null,
    total_tasks: null,
    total_score: null,
    duration: null,
    ...overrides,
  };
}
