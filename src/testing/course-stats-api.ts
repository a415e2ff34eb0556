import type { CourseStatWire } from '@contract';
import { http, HttpResponse } from 'msw';
import { server } from './msw';

/**
 * Serves `rows` as the API does: paged by page and per_page, narrowed by user_id and course_session_id, with no
 * total. Returns the URL of every request, in order.
 */
export function serveCourseStats(rows: readonly CourseStatWire[]): URL[] {
  const requests: URL[] = [];
  server.use(
    http.get('/endpoint/v1/courses/:courseId/course_stats', ({ request }) => {
      const url = new URL(request.url);
      requests.push(url);
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '10');
      const userId = url.searchParams.get('user_id');
      const sessionId = url.searchParams.get('course_session_id');
      const matching = rows.filter(
        (row) =>
          (userId === null || String(row.user_id) === userId) &&
          (sessionId === null || String(row.course_session_id) === sessionId),
      );
      return HttpResponse.json(matching.slice((page - 1) * perPage, page * perPage));
    }),
  );
  return requests;
}
