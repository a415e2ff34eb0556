// What a demo course is made of: shared by the generated courses and the hand-written security course.

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
}
