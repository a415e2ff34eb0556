import type { CourseStatWire } from '@contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { polyfillDialog } from '@/testing/dialog';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { CourseStatsPage } from '../routes/course-stats-page';
import { forgetChanges } from './course-changes-store';
import { deleteAllSnapshots, listSnapshots } from './snapshot-store';
import { setRememberOnDevice } from '@/lib/device-consent';

polyfillDialog();

const DAY = 86_400_000;
const factory = new IDBFactory();

beforeEach(() => {
  vi.stubGlobal('indexedDB', factory);
});

afterEach(async () => {
  vi.stubGlobal('indexedDB', factory);
  await deleteAllSnapshots();
  forgetChanges();
});

const iso = (ms: number) => new Date(ms).toISOString();
const row = (id: number, overrides: Partial<CourseStatWire> = {}) => courseStatWire({ id, ...overrides });

/** The course as first loaded: six learners in one session. */
function versionA(): CourseStatWire[] {
  const now = Date.now();
  return [
    row(1, { progress: 50, progress_percent: 50 }),
    row(2, { progress: 40, progress_percent: 40 }),
    row(3, { progress: 20, progress_percent: 20 }),
    row(4, { progress: 60, progress_percent: 60 }),
    row(5, { progress: 30, progress_percent: 30 }),
    row(6, { progress: 70, progress_percent: 70, last_activity: iso(now - DAY), deadline: null }),
  ];
}

/**
 * The course a while later: Learner 2 finished, passed and got a certificate; 3 moved on; 4 went back; 5 left;
 * 6 has been away 20 days and its deadline passed meanwhile (`between`); 7 joined.
 */
function versionB(between: number): CourseStatWire[] {
  const now = Date.now();
  return [
    row(1, { progress: 50, progress_percent: 50 }),
    row(2, {
      progress: 100,
      progress_percent: 100,
      completed: true,
      success: true,
      cert_file: 'https://lms.example/cert/2.pdf',
    }),
    row(3, { progress: 35, progress_percent: 35 }),
    row(4, { progress: 55, progress_percent: 55 }),
    row(6, { progress: 70, progress_percent: 70, last_activity: iso(now - 20 * DAY), deadline: iso(between) }),
    row(7, { progress: 10, progress_percent: 10 }),
  ];
}

function serve(rows: CourseStatWire[]) {
  serveApi({ courseStats: rows });
}

/** Two visits of a whole course, and the first render of the screen's code, take a while on a busy machine. */
const TWO_LOADS_MS = 45_000;

const KEPT = 'Kept on this device. Next time you load all pages, what changed shows here.';
const OFFER = 'Keep a snapshot on this device to see what changes next time';

/** Loads every page of course 7 in a fresh screen (a new visit), and waits until what it keeps is settled. */
async function loadWhole(rows: CourseStatWire[], until: () => Promise<unknown>, route = '/courses/7/stats?all=1') {
  serve(rows);
  const rendered = renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });
  await screen.findByText(/^Loaded every page/, { selector: '[role="status"]' });
  await until();
  return rendered;
}

const changesRegion = () => screen.findByRole('region', { name: /^Changes since / });
const changeButton = (name: string) => screen.getByRole('button', { name: new RegExp(`^\\d+ ${name}`) });
const tableUsers = async () =>
  within(await screen.findByRole('table', { name: /^Statistics of course 7/ }))
    .getAllByRole('rowheader')
    // The name is the cell's button; the email is under it.
    .map((cell) => cell.querySelector('button')?.textContent);

/** Two visits: the first keeps version A, the second loads version B and compares. */
async function twoLoads() {
  setRememberOnDevice(true);
  const first = await loadWhole(versionA(), () => screen.findByText(KEPT));
  first.unmount();
  // The second visit is a minute after the first (the clock the test setup runs is moved on), and the deadline
  // falls strictly between the two.
  const between = Date.now() + 1000;
  vi.setSystemTime(between + 59_000);
  return loadWhole(versionB(between), changesRegion);
}

describe('changes since the last snapshot', () => {
  it(
    'counts each change since the last load, and each count narrows the table to its rows',
    async () => {
      const user = userEvent.setup();
      await twoLoads();
      const region = await changesRegion();
      const counts = within(within(region).getByRole('group', { name: 'Show the rows of one change' }))
        .getAllByRole('button')
        .map((button) => button.textContent);
      expect(counts).toEqual([
        '1 New learners',
        '1 No longer in the course',
        '1 Newly completed',
        '1 Newly passed',
        '1 Certificates issued',
        '2 Progress went up +75 points in total',
        '1 Became inactive (14+ days)',
        '1 Deadlines passed',
      ]);

      await user.click(changeButton('Progress went up'));
      expect(changeButton('Progress went up')).toHaveAttribute('aria-pressed', 'true');
      await waitFor(async () => expect(await tableUsers()).toEqual(['Learner 2', 'Learner 3']));
      expect(screen.getByText('Showing 2 of 6 rows. Only: Progress went up.')).toBeInTheDocument();
      expect(
        within(screen.getByRole('region', { name: 'Summary' })).getByText(
          /^Based on the 2 rows shown \(Progress went up\), out of all 6 rows/,
        ),
      ).toBeInTheDocument();

      // One at a time: another count replaces the first.
      await user.click(changeButton('Became inactive'));
      expect(changeButton('Progress went up')).toHaveAttribute('aria-pressed', 'false');
      await waitFor(async () => expect(await tableUsers()).toEqual(['Learner 6']));
      await user.click(changeButton('New learners'));
      await waitFor(async () => expect(await tableUsers()).toEqual(['Learner 7']));

      await user.click(screen.getByRole('button', { name: 'Show all rows' }));
      await waitFor(async () => expect(await tableUsers()).toHaveLength(6));
      expect(screen.getByText('Showing 6 of 6 rows.')).toBeInTheDocument();
    },
    TWO_LOADS_MS,
  );

  it(
    'keeps the change picked through a visit to a learner’s view and back',
    async () => {
      const user = userEvent.setup();
      const { router } = await twoLoads();
      await user.click(changeButton('Newly completed'));
      await waitFor(async () => expect(await tableUsers()).toEqual(['Learner 2']));

      await act(() => router.navigate('/courses/7/stats?user_id=102&view=learner&from=all%3D1'));
      await waitFor(() => expect(screen.queryByRole('region', { name: /^Changes since / })).not.toBeInTheDocument());
      await act(() => router.navigate(-1));
      await changesRegion();
      expect(changeButton('Newly completed')).toHaveAttribute('aria-pressed', 'true');
      await waitFor(async () => expect(await tableUsers()).toEqual(['Learner 2']));
    },
    TWO_LOADS_MS,
  );

  it(
    'lists the learners no longer in the course by their IDs, as they are not in the table',
    async () => {
      const user = userEvent.setup();
      await twoLoads();
      await user.click(changeButton('No longer in the course'));
      const gone = screen.getByRole('table', { name: 'No longer in the course: 1 row' });
      expect(
        within(gone)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ).toEqual(['105', '70']);
      expect(screen.getByText(/Names and email addresses are not kept on this device/)).toBeInTheDocument();
      // The table is not narrowed by rows it does not have.
      expect(await tableUsers()).toHaveLength(6);
    },
    TWO_LOADS_MS,
  );

  it(
    'shows each row’s progress change in a Change column that sorts, with New rows as a group',
    async () => {
      const user = userEvent.setup();
      await twoLoads();
      const table = await screen.findByRole('table', { name: /^Statistics of course 7/ });
      const changeCells = () => {
        const headers = within(table)
          .getAllByRole('columnheader')
          .map((header) => header.textContent);
        const column = headers.findIndex((text) => text?.startsWith('Change'));
        return within(table)
          .getAllByRole('row')
          .slice(1)
          .map((tableRow) => [
            within(tableRow).getByRole('rowheader').querySelector('button')?.textContent,
            tableRow.children[column]?.textContent,
          ]);
      };
      expect(changeCells()).toEqual([
        ['Learner 1', '0'],
        ['Learner 2', '+60'],
        ['Learner 3', '+15'],
        ['Learner 4', '\u22125'],
        ['Learner 6', '0'],
        ['Learner 7', 'New'],
      ]);
      await user.click(within(table).getByRole('button', { name: 'Change' }));
      await waitFor(() =>
        expect(changeCells().map(([, cell]) => cell)).toEqual(['\u22125', '0', '0', '+15', '+60', 'New']),
      );
    },
    TWO_LOADS_MS,
  );

  it(
    'compares with an older snapshot when one is chosen',
    async () => {
      const user = userEvent.setup();
      const second = await twoLoads();
      second.unmount();
      // A third visit with nothing new since the second.
      await loadWhole(versionB(0), changesRegion);
      expect(changeButton('New learners')).toHaveTextContent(/^0 /);
      expect(changeButton('New learners')).toBeDisabled();

      const select = screen.getByRole('combobox', { name: 'Compare with' });
      const options = within(select).getAllByRole('option');
      expect(options).toHaveLength(2);
      await user.selectOptions(select, options[1] ?? '');
      await waitFor(() => expect(changeButton('New learners')).toHaveTextContent(/^1 /));
      expect(changeButton('No longer in the course')).toHaveTextContent(/^1 /);
      expect(changeButton('Newly completed')).toHaveTextContent(/^1 /);
    },
    TWO_LOADS_MS,
  );

  it('keeps nothing while Remember is off, and keeps the course shown as soon as it is checked', async () => {
    const user = userEvent.setup();
    await loadWhole(versionA(), () => screen.findByRole('checkbox', { name: 'Remember on this device' }));
    const remember = screen.getByRole('checkbox', { name: 'Remember on this device' });
    expect(remember).not.toBeChecked();
    expect(remember).toHaveAccessibleDescription(/no names or email addresses/);
    expect(screen.getByRole('link', { name: 'Stored on this device' })).toHaveAttribute('href', '/device');
    const listed = await listSnapshots();
    expect(listed.status === 'ok' && listed.value).toEqual([]);

    await user.click(remember);
    await screen.findByText(KEPT);
    const kept = await listSnapshots();
    expect(kept.status === 'ok' && kept.value.map((summary) => summary.rowCount)).toEqual([6]);

    await user.click(remember);
    await waitFor(async () => {
      const after = await listSnapshots();
      expect(after.status === 'ok' && after.value).toEqual([]);
    });
    expect(screen.queryByText(KEPT)).not.toBeInTheDocument();
  });

  it('offers to keep a snapshot after a full load with none kept: the button ticks Remember, and the offer goes', async () => {
    const user = userEvent.setup();
    const { unmount } = await loadWhole(versionA(), () => screen.findByText(OFFER));
    const remember = screen.getByRole('checkbox', { name: 'Remember on this device' });
    expect(remember).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Keep snapshot' }));
    await screen.findByText(KEPT);
    expect(remember).toBeChecked();
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
    const kept = await listSnapshots();
    expect(kept.status === 'ok' && kept.value.map((summary) => summary.rowCount)).toEqual([6]);
    unmount();

    // Kept from now on: the next load compares, and offers nothing.
    await loadWhole(versionA(), () => changesRegion());
    expect(screen.queryByRole('button', { name: 'Keep snapshot' })).not.toBeInTheDocument();
  });

  it('stays away for a course once turned down, and still comes for another course', async () => {
    const user = userEvent.setup();
    const first = await loadWhole(versionA(), () => screen.findByText(OFFER));
    await user.click(screen.getByRole('button', { name: 'Don’t offer again' }));
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
    expect(localStorage.getItem('course-stats.snapshot-offer-dismissed')).toBe('[7]');
    first.unmount();

    const again = await loadWhole(versionA(), () => screen.findByRole('checkbox', { name: 'Remember on this device' }));
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
    again.unmount();

    await loadWhole(versionA(), () => screen.findByText(OFFER), '/courses/8/stats?all=1');
    expect(screen.getByRole('button', { name: 'Keep snapshot' })).toBeVisible();
  });

  it('offers nothing before every page is in, nor on a page by page view', async () => {
    serve(versionA());
    renderWithProviders(<CourseStatsPage />, { route: '/courses/7/stats', path: '/courses/:courseId/stats' });
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(screen.queryByText(OFFER)).not.toBeInTheDocument();
  });

  it('says changes are not available when the browser has no storage for them, and the table works', async () => {
    setRememberOnDevice(true);
    vi.stubGlobal('indexedDB', undefined);
    await loadWhole(versionA(), () => screen.findByText('Changes are not available here'));
    expect(screen.getByText('This browser offers no storage for them. The table works as usual.')).toBeInTheDocument();
    expect(await tableUsers()).toHaveLength(6);
    expect(screen.queryByRole('region', { name: /^Changes since / })).not.toBeInTheDocument();
  });

  it('says nothing of a sort by Change while there is no comparison to sort by', async () => {
    serve(versionA());
    renderWithProviders(<CourseStatsPage />, {
      route: '/courses/7/stats?sort=change.desc',
      path: '/courses/:courseId/stats',
    });
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(screen.queryByText(/Sorted by/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
  });

  it('keeps no snapshot of one learner’s rows', async () => {
    setRememberOnDevice(true);
    await loadWhole(
      versionA(),
      () => screen.findByRole('table', { name: /^Statistics of course 7/ }),
      '/courses/7/stats?all=1&user_id=101',
    );
    expect(screen.queryByRole('checkbox', { name: 'Remember on this device' })).not.toBeInTheDocument();
    const listed = await listSnapshots();
    expect(listed.status === 'ok' && listed.value).toEqual([]);
  });
});
