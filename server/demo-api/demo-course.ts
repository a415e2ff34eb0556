// What a demo course is made of: shared by the generated courses and the hand-written security course.
import type { CourseHealth } from './course-health';

export interface DemoSession {
  id: number;
  name: string;
  deadline: string | null;
}

export interface DemoCourse {
  id: number;
  name: string;
  statCount: number;
  taskCount: number;
  maxScore: number;
  /** How many of the demo's users the course draws its learners from (the first ones, by id). */
  learners: number;
  sessions: readonly DemoSession[];
  /** How its learners are doing (course-health.ts); unset: alive. */
  health?: CourseHealth;
  /**
   * Whole days since anyone was last active, for a course that went quiet: its rows are all older, and the course
   * list gives this as its last_activity, without generating them.
   */
  quietDays?: number;
}
