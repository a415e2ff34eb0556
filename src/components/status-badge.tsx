import type { ReactNode } from 'react';

export type StatusTone = 'ok' | 'warn' | 'danger' | 'neutral';

export interface StatusBadgeProps {
  tone: StatusTone;
  /** The words carry the meaning; the tone only repeats it in colour. */
  children: ReactNode;
}

export function StatusBadge({ tone, children }: StatusBadgeProps) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

// Keyed by the course core's statuses (CourseStatStatus), which generic components do not import.
const COURSE_STATUS_TONES: Record<'not_started' | 'in_progress' | 'not_passed' | 'passed', StatusTone> = {
  not_started: 'neutral',
  in_progress: 'warn',
  not_passed: 'danger',
  passed: 'ok',
};

/** A learner's status in a course, in its tone. */
export function CourseStatusBadge({ status, label }: { status: keyof typeof COURSE_STATUS_TONES; label: string }) {
  return <StatusBadge tone={COURSE_STATUS_TONES[status]}>{label}</StatusBadge>;
}
