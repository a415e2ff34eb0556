import type { CourseStatWire, CourseWire } from '@contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { COURSES_AT_ONCE } from '@/course/account-health';
import { forgetStoredAccounts, loadAccount } from '@/course/account-store';
import type { LearnerIndex } from '@/course/learner-index';
import { parseCsv } from '@/lib/csv';
import { setRememberOnDevice } from '@/lib/device-consent';
import { serveApi, type ApiCall } from '@/testing/api-handlers';
import { courseStatWire, gate } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { AccountOverview, type AccountOverviewProps } from './account-overview';

const OVERDUE = '2026-11-01T00:00:00Z';

/** A course as the LMS's list sends it, each one an hour less recently active than the one before. */
function courseWire(id: number, overrides: Partial<CourseWire> = {}): CourseWire {
  const lastActivity = new Date(Date.UTC(2026, 10, 1) - id * 3_600_000).toISOString();
  return { id, name: `Course number ${id}`, last_activity: lastActivity, ...overrides };
}

function failCourses(status: number, body: object): void {
  serveApi({ courses: () => HttpResponse.json(body, { status }) });
}

/** The consent as the app applies it for the overview: taking it back forgets what the overview kept. */
async function chooseKeep(keep: boolean): Promise<unknown> {
  setRememberOnDevice(keep);
  return keep ? null : forgetStoredAccounts();
}

function renderOverview(route = '/courses', learnerView?: AccountOverviewProps['learnerView']) {
  return renderWithProviders(
    <AccountOverview
      title="Your courses"
      courseHref={(id) => `/courses/${id}/stats`}
      learnerHref={(id) => `/courses?learner=${id}`}
      shortcuts={<p>The shortcuts</p>}
      learnerView={learnerView}
      chooseKeep={chooseKeep}
    />,
    { route, path: '/courses' },
  );
}

/** Each course's statistics: `rows[courseId]`, all on one page; a course not given has none. */
function serveStats(rows: Record<number, CourseStatWire[]>, answer?: (call: ApiCall) => Promise<void> | void) {
  return serveApi({
    courseStats: async (call) => {
      await answer?.(call);
      return rows[Number(call.params.course_id)] ?? [];
    },
  });
}

/** `count` learners of a course, `overdue` of them past their deadline. */
function learners(courseId: number, count: number, overdue = 0): CourseStatWire[] {
  return Array.from({ length: count }, (_, index) =>
    courseStatWire({
      id: courseId * 100 + index,
      user_id: courseId * 100 + index,
      course_id: courseId,
      ...(index < overdue ? { deadline: OVERDUE } : {}),
    }),
  );
}

const table = () => screen.getByRole('table', { name: 'Courses' });
const rowNames = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);
const rowOf = (name: string) => {
  const row = within(table()).getByRole('link', { name }).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};
const cellsOf = (name: string) => within(rowOf(name)).getAllByRole('cell');

describe('AccountOverview', () => {
  it('shows every course with its health, needs attention first, and says a course not read yet is not read', async () => {
    serveApi({ courses: [courseWire(1, { name: 'Calm' }), courseWire(2, { name: 'Late' }), courseWire(3)] });
    const held = gate();
    serveStats({ 1: learners(1, 4), 2: learners(2, 5, 3) }, async ({ params }) => {
      if (params.course_id === '3') await held.opened;
    });
    renderOverview();
    await waitFor(() => expect(cellsOf('Late')[4]).toHaveTextContent('3'));
    // Course 2 has overdue learners: first. Course 3 is not read yet: last, and its cells say so, never 0.
    expect(rowNames()).toEqual(['Late', 'Calm', 'Course number 3']);
    expect(cellsOf('Late').map((cell) => cell.textContent)).toEqual([
      '5',
      '0%',
      '0%',
      '50%',
      '3',
      '0',
      '5',
      '19 days ago',
    ]);
    expect(cellsOf('Course number 3')[0]).toHaveTextContent('not read yet');
    expect(cellsOf('Course number 3').map((cell) => cell.textContent)).not.toContain('0');
    expect(screen.getByRole('status')).toHaveTextContent('Health of 2 of 3 courses read');
    held.open();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^$/));
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
    // The rule of the default order is the order control's description.
    expect(screen.getByRole('combobox', { name: 'Order' })).toHaveAccessibleDescription(
      'Needs attention first: most overdue, then most inactive 14+ days, then lowest completed %, then by name. Courses not read yet come last.',
    );
  });

  it('sorts by a column header, keeps the sort in the address, and takes a wrong one out of it', async () => {
    serveApi({ courses: [courseWire(1, { name: 'Small' }), courseWire(2, { name: 'Big' })] });
    serveStats({ 1: learners(1, 2), 2: learners(2, 6) });
    const user = userEvent.setup();
    const { router } = renderOverview('/courses?sort=owner.up');
    await waitFor(() => expect(cellsOf('Big')[0]).toHaveTextContent('6'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await user.click(within(table()).getByRole('button', { name: 'Learners' }));
    expect(rowNames()).toEqual(['Big', 'Small']);
    expect(router.state.location.search).toBe('?sort=learners.desc');
    await user.click(within(table()).getByRole('button', { name: 'Learners' }));
    expect(rowNames()).toEqual(['Small', 'Big']);
    expect(screen.getByRole('columnheader', { name: /Learners/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Needs attention first');
    expect(router.state.location.search).toBe('');
  });

  it('shows why a course could not be read, with a Retry that reads it again, and reads the rest', async () => {
    serveApi({ courses: [courseWire(1, { name: 'Locked' }), courseWire(2, { name: 'Open' })] });
    let locked = true;
    serveApi({
      courseStats: ({ params }) =>
        params.course_id === '1' && locked
          ? HttpResponse.json({ error: 'Forbidden' }, { status: 403 })
          : learners(Number(params.course_id), 2),
    });
    const user = userEvent.setup();
    renderOverview();
    expect(await screen.findByText(/this sign-in may not see its statistics/)).toBeInTheDocument();
    await waitFor(() => expect(cellsOf('Open')[0]).toHaveTextContent('2'));
    expect(screen.getByRole('status')).toHaveTextContent('1 course could not be read.');
    locked = false;
    await user.click(within(rowOf('Locked')).getByRole('button', { name: 'Retry Locked' }));
    await waitFor(() => expect(cellsOf('Locked')[0]).toHaveTextContent('2'));
    expect(screen.queryByText(/may not see its statistics/)).not.toBeInTheDocument();
  });

  it('pauses and resumes the reading', async () => {
    const courses = COURSES_AT_ONCE + 3;
    serveApi({ courses: Array.from({ length: courses }, (_, index) => courseWire(index + 1)) });
    const first = gate();
    serveStats({}, () => first.opened);
    const user = userEvent.setup();
    renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    first.open();
    // Those being read finish; the rest wait.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        `Health of ${COURSES_AT_ONCE} of ${courses} courses read; paused.`,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^$/));
  });

  it('finds learners by name or email in the courses read, and offers an ID as a learner and as a course', async () => {
    serveApi({ courses: [courseWire(1), courseWire(2)] });
    const anna = { user_id: 5, username: 'Anna Petrova', user_email: 'anna.petrova@example.com' };
    serveStats({
      1: [courseStatWire({ ...anna, id: 1, course_id: 1 })],
      2: [courseStatWire({ ...anna, id: 2, course_id: 2 }), courseStatWire({ id: 3, course_id: 2 })],
    });
    const user = userEvent.setup();
    const { router } = renderOverview();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^$/));
    await user.type(screen.getByRole('searchbox', { name: 'Find a course or a learner' }), 'PÉTROVA');
    const learnersRegion = await screen.findByRole('region', { name: /^Learners/ });
    expect(learnersRegion).toHaveAccessibleName('Learners in 2 of 2 courses read');
    expect(within(learnersRegion).getByRole('listitem')).toHaveTextContent(
      'Anna Petrova · anna.petrova@example.com · 2 courses',
    );
    expect(within(learnersRegion).getByRole('link', { name: 'Anna Petrova' })).toHaveAttribute(
      'href',
      '/courses?learner=5',
    );
    expect(screen.getByRole('status')).toHaveTextContent('No course matches “PÉTROVA”.');
    await waitFor(() => expect(router.state.location.search).toBe('?q=P%C3%89TROVA'));

    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '42');
    expect(await screen.findByRole('link', { name: 'Learner with user ID 42' })).toHaveAttribute(
      'href',
      '/courses?learner=42',
    );
    expect(screen.getByRole('link', { name: 'Open course 42' })).toHaveAttribute('href', '/courses/42/stats');
  });

  it('says a learner not found is not found so far while courses are still to be read', async () => {
    serveApi({ courses: [courseWire(1), courseWire(2)] });
    const held = gate();
    serveStats({ 1: learners(1, 2), 2: learners(2, 2) }, async ({ params }) => {
      if (params.course_id === '2') await held.opened;
    });
    const user = userEvent.setup();
    renderOverview();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Health of 1 of 2 courses read'));
    await user.type(screen.getByRole('searchbox', { name: 'Find a course or a learner' }), 'nobody@example.com');
    const learnersRegion = await screen.findByRole('region', { name: 'Learners in 1 of 2 courses read' });
    expect(learnersRegion).toHaveTextContent('No learner found so far: 1 course still to be read.');
    held.open();
    await waitFor(() => expect(learnersRegion).toHaveAccessibleName('Learners in 2 of 2 courses read'));
    expect(learnersRegion).toHaveTextContent(/No learner found$/);
  });

  it('says how many more learners match than it lists, and nothing when it lists them all', async () => {
    serveApi({ courses: [courseWire(1)] });
    serveStats({
      1: Array.from({ length: 11 }, (_, index) =>
        courseStatWire({ id: index + 1, user_id: index + 1, course_id: 1, username: `Petrova ${index + 1}` }),
      ),
    });
    const user = userEvent.setup();
    renderOverview();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^$/));
    const search = screen.getByRole('searchbox', { name: 'Find a course or a learner' });
    await user.type(search, 'petrova');
    const learnersRegion = await screen.findByRole('region', { name: /^Learners/ });
    expect(within(learnersRegion).getAllByRole('listitem')).toHaveLength(8);
    expect(learnersRegion).toHaveTextContent('8 of 11 shown. Type more of the name, or the email.');
    await user.type(search, ' 11');
    await waitFor(() => expect(within(learnersRegion).getAllByRole('listitem')).toHaveLength(1));
    expect(learnersRegion).not.toHaveTextContent(/shown/);
  });

  it('hands the learner view the learners read so far, as they are when it asks', async () => {
    serveApi({ courses: [courseWire(1), courseWire(2)] });
    serveStats({ 1: learners(1, 2) });
    // What the learner across courses does with it: asks, when its search starts, which courses are read and hold whom.
    function Asker({ known }: { known: () => LearnerIndex }) {
      const [answer, setAnswer] = useState('');
      const ask = () => {
        const index = known();
        setAnswer([index.hasCourse(1), index.hasCourse(2), index.holds(1, 100), index.holds(2, 100)].join(' '));
      };
      return (
        <button type="button" onClick={ask}>
          Ask {answer}
        </button>
      );
    }
    renderOverview('/courses', (known) => <Asker known={known} />);
    const ask = await screen.findByRole('button', { name: /^Ask/ });
    await waitFor(() => {
      fireEvent.click(ask);
      expect(ask).toHaveTextContent('Ask true true true false');
    });
  });

  it('keeps the figures on this device once chosen; the next visit paints them, saying how old, while it reads what changed', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    serveApi({ courses: [courseWire(1, { name: 'Kept' })] });
    serveStats({ 1: learners(1, 3, 2) });
    const user = userEvent.setup();
    const first = renderOverview();
    await waitFor(() => expect(cellsOf('Kept')[4]).toHaveTextContent('2'));
    const keep = screen.getByRole('checkbox', { name: 'Keep on this device' });
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(/^Figures and learners stay in this browser/);
    expect(screen.getByRole('link', { name: 'Stored on this device' })).toHaveAttribute('href', '/device');
    expect(await loadAccount('demo')).toBeNull();
    await user.click(keep);
    await waitFor(async () => expect((await loadAccount('demo'))?.courses.map((entry) => entry.courseId)).toEqual([1]));
    first.unmount();

    // The next visit: the course has moved in the list, and its statistics do not answer yet.
    serveApi({ courses: [courseWire(1, { name: 'Kept', last_activity: '2026-11-29T11:00:00Z' })] });
    const held = gate();
    serveStats({ 1: learners(1, 3, 1) }, () => held.opened);
    renderOverview();
    await waitFor(() => expect(cellsOf('Kept')[4]).toHaveTextContent('2'));
    expect(
      screen.getByText(/^Figures kept on this device, as of now; reading what changed since\./),
    ).toBeInTheDocument();
    held.open();
    await waitFor(() => expect(cellsOf('Kept')[4]).toHaveTextContent('1'));
    expect(screen.queryByText(/^Figures kept on this device/)).toBeNull();

    // Taken back, what was kept goes.
    await user.click(screen.getByRole('checkbox', { name: 'Keep on this device' }));
    await waitFor(async () => expect(await loadAccount('demo')).toBeNull());
  });

  it('keeps the rows in place while the pointer is on them, and settles once it leaves', async () => {
    serveApi({ courses: [courseWire(1, { name: 'Alpha' }), courseWire(2, { name: 'Beta' })] });
    const late = gate();
    serveStats({ 1: learners(1, 2), 2: learners(2, 2, 2) }, async ({ params }) => {
      if (params.course_id === '2') await late.opened;
    });
    renderOverview();
    await waitFor(() => expect(cellsOf('Alpha')[0]).toHaveTextContent('2'));
    expect(rowNames()).toEqual(['Alpha', 'Beta']);
    const rows = table().closest('.overview-rows');
    if (!rows) throw new Error('No rows');
    fireEvent.pointerEnter(rows);
    late.open();
    // Beta's overdue learners would put it first: not while the pointer is there.
    await waitFor(() => expect(cellsOf('Beta')[4]).toHaveTextContent('2'));
    expect(rowNames()).toEqual(['Alpha', 'Beta']);
    fireEvent.pointerLeave(rows);
    await waitFor(() => expect(rowNames()).toEqual(['Beta', 'Alpha']));
  });

  it.each([
    [404, { error: 'Not found' }, 'This LMS does not list courses for this sign-in'],
    [403, { error: 'Forbidden' }, 'This sign-in may not see the list of courses'],
    [200, { courses: [] }, 'in a form this app cannot read'],
  ])('opens the shortcuts, saying why, where the LMS lists no courses (%s)', async (status, body, words) => {
    failCourses(status, body);
    renderOverview();
    expect(await screen.findByText(new RegExp(words))).toHaveTextContent('open a course by its ID');
    expect(screen.getByText('The shortcuts')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('exports the courses in the order shown, names guarded as formulas, a course not read with empty figures', async () => {
    serveApi({
      courses: [
        courseWire(1, { name: '=HYPERLINK("http://evil.example","x")' }),
        courseWire(2, { name: 'Late' }),
        courseWire(3),
      ],
    });
    const held = gate();
    serveStats({ 1: learners(1, 4), 2: learners(2, 5, 3) }, async ({ params }) => {
      if (params.course_id === '3') await held.opened;
    });
    const blobs: Blob[] = [];
    Object.defineProperty(URL, 'createObjectURL', {
      value: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:export';
      },
      configurable: true,
    });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    window.localStorage.setItem('course-stats.csv-delimiter', '";"');
    const user = userEvent.setup();
    renderOverview();
    await waitFor(() => expect(cellsOf('Late')[4]).toHaveTextContent('3'));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(click).toHaveBeenCalledTimes(1);
    const file = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await blobs[0]?.arrayBuffer());
    const [header, ...lines] = parseCsv(file.replace(/^\uFEFF/, ''), ';');
    expect(header).toEqual([
      'Course ID',
      'Course',
      'Learners',
      'Completed %',
      'Passed %',
      'Average progress',
      'Overdue',
      'Not started',
      'Inactive 14+ days',
      'Last activity',
      'Figures',
    ]);
    expect(lines.map((line) => [line[0], line[1], line[2], line[5], line[6], line[10]])).toEqual([
      ['2', 'Late', '5', '50', '3', 'read'],
      ['1', '\'=HYPERLINK("http://evil.example","x")', '4', '50', '0', 'read'],
      ['3', 'Course number 3', '', '', '', 'being read'],
    ]);
    expect(
      screen.getByText(
        /^Exported 3 courses to courses-\d{4}-\d{2}-\d{2}\.csv; 2 with figures so far, the rest left empty\.$/,
      ),
    ).toBeInTheDocument();
    held.open();
  });

  it('keeps the shortcuts behind a button while the list is there', async () => {
    serveApi({ courses: [courseWire(1)] });
    serveStats({});
    const user = userEvent.setup();
    renderOverview();
    const button = await screen.findByRole('button', { name: 'Open by ID, recent, saved views' });
    expect(screen.getByText('The shortcuts')).not.toBeVisible();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('The shortcuts')).toBeVisible();
  });
});
