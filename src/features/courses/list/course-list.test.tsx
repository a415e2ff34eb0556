import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { courseWire, failCourses } from '../courses-test-support';
import { CourseList } from './course-list';

const courseHref = (id: number) => `/courses/${id}/stats`;

function renderList(route = '/courses') {
  return renderWithProviders(<CourseList courseHref={courseHref} />, { route, path: '/courses' });
}

/** 130 courses: 1 is the most recently active; two pages of 100 and 30. */
function manyCourses() {
  return Array.from({ length: 130 }, (_, index) =>
    courseWire(index + 1, index === 119 ? { name: 'Café Économie' } : {}),
  );
}

const table = () => screen.getByRole('table', { name: 'Courses' });
const firstRowNames = (count: number) =>
  within(table())
    .getAllByRole('rowheader')
    .slice(0, count)
    .map((cell) => cell.textContent);

describe('CourseList', () => {
  it('shows the first page at once, most recently active first, and says how many there are', async () => {
    const requests = serveApi({ courses: { items: manyCourses(), total: 130 } });
    renderList();
    expect(await screen.findByText(/100 of 130 courses read/)).toBeInTheDocument();
    expect(firstRowNames(2)).toEqual(['Course number 1', 'Course number 2']);
    const link = within(table()).getByRole('link', { name: 'Course number 1' });
    expect(link).toHaveAttribute('href', '/courses/1/stats');
    expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['1']);
    expect(requests[0]?.searchParams.get('per_page')).toBe('100');
  });

  it('sorts by a column header, and keeps the sort in the address', async () => {
    serveApi({
      courses: [courseWire(7, { name: 'beta' }), courseWire(5, { name: 'Alpha' }), courseWire(9, { name: 'gamma' })],
    });
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText('3 courses');
    expect(firstRowNames(3)).toEqual(['Alpha', 'beta', 'gamma']); // 5 is the most recently active
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(firstRowNames(3)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(router.state.location.search).toBe('?sort=name.asc');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(firstRowNames(3)).toEqual(['gamma', 'beta', 'Alpha']);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'ID' }));
    expect(firstRowNames(3)).toEqual(['Alpha', 'beta', 'gamma']);
    await user.click(screen.getByRole('button', { name: 'Last activity' }));
    expect(router.state.location.search).toBe('');
  });

  it('searches every course by name or ID as the user types, reading the pages not read yet', async () => {
    const requests = serveApi({ courses: { items: manyCourses(), total: 130 } });
    const user = userEvent.setup();
    const { router } = renderList();
    await screen.findByText(/100 of 130 courses read/);
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'cafe econ');
    expect(await screen.findByText('1 course matches “cafe econ”.')).toBeInTheDocument();
    expect(firstRowNames(5)).toEqual(['Café Économie']);
    expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    // Written once typing pauses.
    await waitFor(() => expect(router.state.location.search).toBe('?q=cafe+econ'));
    await user.clear(screen.getByRole('searchbox', { name: 'Search courses' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), '12');
    // 12, 112 and 120 to 129
    expect(await screen.findByText('12 courses match “12”.')).toBeInTheDocument();
  });

  it('leaves the address alone when a link has moved it on while typing paused', async () => {
    serveApi({ courses: manyCourses().slice(0, 3) });
    const { router } = renderList();
    await screen.findByText('3 courses');
    const before = window.location.pathname;
    // Only the timers: Testing Library's own waits run on the real ones, and are not used while these are fake.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search courses' }), { target: { value: '2' } });
      // As a link does in the browser: the address moves at once, and the page it opens is still on its way.
      window.history.pushState(null, '', '/courses/2/stats');
      await act(() => vi.advanceTimersByTimeAsync(2_000));
      expect(screen.getByText('1 course matches “2”.')).toBeInTheDocument();
      expect(router.state.location.search).toBe('');
    } finally {
      window.history.pushState(null, '', before);
      vi.useRealTimers();
    }
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search courses' }), '3');
    await waitFor(() => expect(router.state.location.search).toBe('?q=23'));
  });

  it('says when no course matches', async () => {
    serveApi({ courses: [courseWire(1)] });
    const user = userEvent.setup();
    renderList('/courses?q=zzz');
    expect(await screen.findByText('No course matches “zzz”.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search courses' }));
    expect(await screen.findByText('1 course')).toBeInTheDocument();
  });

  it.each([
    [404, { error: 'Not found' }, 'This LMS does not list courses for this sign-in'],
    [405, { error: 'Method not allowed' }, 'This LMS does not list courses for this sign-in'],
    [403, { error: 'Forbidden' }, 'This sign-in may not see the list of courses'],
    [200, '<!doctype html><html><body>Welcome</body></html>', 'in a form this app cannot read'],
    [200, { courses: [] }, 'in a form this app cannot read'],
  ])('says in one line that the LMS does not list courses (%s)', async (status, body, words) => {
    failCourses(status, body);
    renderList();
    const line = await screen.findByText(new RegExp(words));
    expect(line).toHaveTextContent('open a course by its ID above');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('shows names as text, leaves odd items out with a warning, and never renders a description', async () => {
    serveApi({
      courses: [
        courseWire(1, { name: '<img src=x onerror=alert(1)>', description: '<b id="bold">Bold</b>' }),
        { id: 2 },
        courseWire(3, { name: '' }),
      ],
    });
    const { container } = renderList();
    expect(await screen.findByRole('link', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Course 3' })).toHaveAttribute('href', '/courses/3/stats');
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.queryByText('Bold')).not.toBeInTheDocument();
    expect(screen.getByText(/1 course left out/)).toBeInTheDocument();
    expect(screen.getByText('2 courses')).toBeInTheDocument();
  });

  it('reads the next page when asked to read all, and says when the list is complete', async () => {
    const requests = serveApi({ courses: manyCourses() });
    const user = userEvent.setup();
    renderList();
    expect(await screen.findByText(/100 courses read so far/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Read all courses' }));
    await waitFor(() => expect(screen.getByText('130 courses')).toBeInTheDocument());
    expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
  });
});
