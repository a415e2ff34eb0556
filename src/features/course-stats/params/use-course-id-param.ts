import { useParams } from 'react-router';
import { parseIdInput, type IdProblem } from '@/course/id-input';

export type CourseIdParam = { ok: true; courseId: number } | { ok: false; raw: string; problem: IdProblem };

/** The route's :courseId, by the same rule as the form: an invalid one is never sent. */
export function useCourseIdParam(): CourseIdParam {
  const raw = useParams().courseId ?? '';
  const result = parseIdInput(raw, { required: true });
  if (result.ok && result.value !== null) return { ok: true, courseId: result.value };
  return { ok: false, raw, problem: result.ok ? 'required' : result.problem };
}
