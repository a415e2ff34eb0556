import type { CourseWire } from '@contract';
import { HttpResponse } from 'msw';
import { serveApi } from '@/testing/api-handlers';

/** A course as the LMS's list sends it; `id` sets the rest unless overridden. */
export function courseWire(id: number, overrides: Partial<CourseWire> = {}): CourseWire {
  return {
    id,
    name: `Course number ${id}`,
    last_activity: new Date(Date.UTC(2026, 10, 1) - id * 3_600_000).toISOString(),
    owner_name: 'Olga Owner',
    ...overrides,
  };
}

/** The course list answering `status` with `body` (JSON unless a string is given). */
export function failCourses(status: number, body: string | object = { error: 'nope' }): void {
  serveApi({
    courses: () =>
      typeof body === 'string'
        ? new HttpResponse(body, { status, headers: { 'Content-Type': 'text/html' } })
        : HttpResponse.json(body, { status }),
  });
}
