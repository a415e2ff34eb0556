import type { CourseWire } from '@contract';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/msw';

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

export interface ServeCoursesOptions {
  /** Sent as the `Total` header; none when undefined. */
  total?: number;
}

/**
 * Serves `courses` as the LMS does, a page at a time by page and per_page; returns the URL of every request. An
 * item given as `unknown` goes out as it is (an odd item).
 */
export function serveCourses(courses: readonly unknown[], { total }: ServeCoursesOptions = {}): URL[] {
  const requests: URL[] = [];
  server.use(
    http.get('/endpoint/v1/courses', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '100');
      const headers: Record<string, string> = total === undefined ? {} : { Total: String(total) };
      return HttpResponse.json(courses.slice((page - 1) * perPage, page * perPage), { headers });
    }),
  );
  return requests;
}

/** The course list answering `status` with `body` (JSON unless a string is given). */
export function failCourses(status: number, body: string | object = { error: 'nope' }): void {
  server.use(
    http.get('/endpoint/v1/courses', () =>
      typeof body === 'string'
        ? new HttpResponse(body, { status, headers: { 'Content-Type': 'text/html' } })
        : HttpResponse.json(body, { status }),
    ),
  );
}
