import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { polyfillDialog } from '@/testing/dialog';
import { renderWithProviders } from '@/testing/render';
import { loadAccount, saveAccount, type StoredAccount } from '@/course/account-store';
import { COURSE_MEMORY_KEYS, storageKey } from '@/lib/storage';
import { deleteAllSnapshots, listSnapshots, saveSnapshot } from '@/features/course-stats/changes/snapshot-store';
import { readRememberOnDevice, setRememberOnDevice } from '@/lib/device-consent';
import type { SnapshotScope } from '@/features/course-stats/changes/snapshot';
import { DAY, MONDAY, snapshotOf } from '@/features/course-stats/changes/snapshot-test-support';
import { Component as StoredOnDeviceRoute } from './device';

polyfillDialog();

const HERE: SnapshotScope = { origin: window.location.origin, courseId: 7, sessionId: null };
const WHEN = (at: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(at);

// A fresh IndexedDB each test, whatever an earlier test file left in place.
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await deleteAllSnapshots();
});

/** The size shown for a small snapshot (under 1 kB): two significant digits. */
const SMALL_KB = (bytes: number) =>
  `${new Intl.NumberFormat('en', { maximumSignificantDigits: 2 }).format(bytes / 1000)} kB`;

async function keep(rows: number, takenAt: number, scope = HERE) {
  const snapshot = snapshotOf(
    Array.from({ length: rows }, (_, index) => ({ id: index + 1, user_id: 500 + index })),
    takenAt,
    scope,
  );
  const saved = await saveSnapshot(snapshot, { remember: true });
  if (saved.status !== 'ok' || !saved.value.saved) throw new Error('not saved');
  return saved.value.summary;
}

function storeLocally() {
  localStorage.setItem(
    storageKey(COURSE_MEMORY_KEYS.recentCourses),
    JSON.stringify([
      { id: 7, name: 'Onboarding' },
      { id: 9, name: null },
    ]),
  );
  localStorage.setItem(
    storageKey(COURSE_MEMORY_KEYS.savedViews),
    JSON.stringify([
      { id: 'a', name: 'Overdue', path: '/courses/7/stats?quick=overdue', hiddenColumns: [], savedAt: MONDAY },
    ]),
  );
  setRememberOnDevice(true);
}

async function snapshotCount() {
  const list = await listSnapshots();
  return list.status === 'ok' ? list.value.length : -1;
}

// The page wired to course statistics' real stores (device.tsx), in fake IndexedDB and jsdom's localStorage.
// The page's own behaviour is tested against an in-memory DeviceMemory in src/features/device.
describe('Stored on this device, wired to what course statistics keeps', () => {
  it('lists the snapshots by course, each with its date and time, row count and size', async () => {
    storeLocally();
    const older = await keep(3, MONDAY);
    const newer = await keep(2, MONDAY + 7 * DAY);
    await keep(1, MONDAY + DAY, { ...HERE, courseId: 8, sessionId: 55 });
    renderWithProviders(<StoredOnDeviceRoute />);

    const onboarding = await screen.findByRole('region', { name: 'Onboarding (course 7)' });
    const items = within(onboarding).getAllByRole('listitem');
    // Newest first: the week-later one, then Monday's.
    expect(older.bytes).toBeGreaterThan(0);
    expect(items.map((item) => item.textContent)).toEqual([
      `${WHEN(MONDAY + 7 * DAY)}2 rows${SMALL_KB(newer.bytes)}Delete`,
      `${WHEN(MONDAY)}3 rows${SMALL_KB(older.bytes)}Delete`,
    ]);
    const other = screen.getByRole('region', { name: 'Course 8' });
    expect(within(other).getByRole('listitem')).toHaveTextContent('session 55 only');
    expect(within(other).getByRole('listitem')).toHaveTextContent('1 row');
    // The course with the newest snapshot comes first.
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Onboarding (course 7)', 'Course 8']);

    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).toBeChecked();
    expect(screen.getByText('Saved views: 1')).toBeInTheDocument();
    expect(screen.getByText('Recent courses: 2')).toBeInTheDocument();
  });

  it('shows the size in kB, the number written the language’s way', async () => {
    const summary = await keep(400, MONDAY);
    renderWithProviders(<StoredOnDeviceRoute />);
    const kb = new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(summary.bytes / 1000);
    expect(summary.bytes).toBeGreaterThan(1000);
    expect(await screen.findByText(`${kb} kB`)).toBeInTheDocument();
    expect(screen.getByText('400 rows')).toBeInTheDocument();
  });

  it('deletes one snapshot, named by its course and date, and keeps the others', async () => {
    await keep(3, MONDAY);
    await keep(2, MONDAY + 7 * DAY);
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDeviceRoute />);

    await user.click(
      await screen.findByRole('button', { name: `Delete the snapshot of course 7 taken ${WHEN(MONDAY)}` }),
    );
    // The status line is always there (a live region), empty until the deletion is done: wait for its words.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(`Deleted the snapshot of course 7 taken ${WHEN(MONDAY)}.`),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: new RegExp(WHEN(MONDAY)) })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: `Delete the snapshot of course 7 taken ${WHEN(MONDAY + 7 * DAY)}` }));
    expect(await snapshotCount()).toBe(1);
    expect(screen.getByRole('heading', { name: 'Course snapshots' })).toHaveFocus();
  });

  it('deletes all snapshots, and then says how snapshots come about', async () => {
    await keep(3, MONDAY);
    await keep(1, MONDAY, { ...HERE, courseId: 8 });
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDeviceRoute />);

    await user.click(await screen.findByRole('button', { name: 'Delete all snapshots' }));
    expect(await screen.findByText(/^No snapshots are stored\. To keep one, check "Remember on this device"/));
    expect(screen.getByText(/load all pages of a course/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Deleted every snapshot.');
    expect(await snapshotCount()).toBe(0);
  });

  it('unchecking Remember deletes the snapshots kept so far, as its hint says', async () => {
    setRememberOnDevice(true);
    await keep(3, MONDAY);
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDeviceRoute />);

    const remember = screen.getByRole('checkbox', { name: 'Remember on this device' });
    expect(remember).toHaveAccessibleDescription(/Unchecking deletes the snapshots kept so far\.$/);
    expect(remember).toHaveAccessibleDescription(/progress, status and dates, with no names or email addresses/);
    await screen.findByRole('region', { name: 'Course 7' });
    await user.click(remember);
    expect(remember).not.toBeChecked();
    expect(await screen.findByText(/^No snapshots are stored/)).toBeInTheDocument();
    expect(readRememberOnDevice()).toBe(false);
    expect(await snapshotCount()).toBe(0);
  });

  it('says in plain words when this browser has no IndexedDB, and the rest still works', async () => {
    storeLocally();
    vi.stubGlobal('indexedDB', undefined);
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDeviceRoute />);

    const alert = await screen.findByRole('group', { name: 'Snapshots are not available in this browser' });
    expect(alert).toHaveTextContent(/this browser has no IndexedDB/);
    expect(screen.queryByRole('button', { name: 'Delete all snapshots' })).not.toBeInTheDocument();
    expect(screen.getByText('Recent courses: 2')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Forget this device' }));
    const dialog = screen.getByRole('dialog', { name: 'Forget this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Forget this device' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('This device has forgotten what it kept for you.'),
    );
    expect(screen.getByText('Recent courses: 0')).toBeInTheDocument();
    expect(screen.getByText('Saved views: 0')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
  });

  it('forgets this device after asking: snapshots, saved views, recent courses and the Remember choice', async () => {
    storeLocally();
    await keep(3, MONDAY);
    await keep(2, MONDAY + DAY);
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDeviceRoute />);
    await screen.findByRole('region', { name: 'Onboarding (course 7)' });

    const forget = screen.getByRole('button', { name: 'Forget this device' });
    await user.click(forget);
    let dialog = screen.getByRole('dialog', { name: 'Forget this device?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['2 course snapshots', '1 saved view', '2 recent courses', 'the "Remember on this device" choice']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(forget).toHaveFocus();
    expect(await snapshotCount()).toBe(2);
    expect(screen.getByText('Saved views: 1')).toBeInTheDocument();

    await user.click(forget);
    dialog = screen.getByRole('dialog', { name: 'Forget this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Forget this device' }));
    expect(await screen.findByText(/^No snapshots are stored/)).toBeInTheDocument();
    expect(screen.getByText('Saved views: 0')).toBeInTheDocument();
    expect(screen.getByText('Recent courses: 0')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
    expect(await snapshotCount()).toBe(0);
    for (const key of Object.values(COURSE_MEMORY_KEYS)) expect(localStorage.getItem(storageKey(key))).toBeNull();
  });

  it("lists the overview's figures kept here, by API, and deletes them", async () => {
    setRememberOnDevice(true);
    await saveAccount('demo', keptAccount(Date.now() - 2 * 3_600_000));
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDeviceRoute />);
    const region = await screen.findByRole('region', { name: 'Your courses overview' });
    expect(await within(region).findByRole('listitem')).toHaveTextContent(
      'Demo data: 2 courses, 1 learner, kept 2 hours ago',
    );
    await user.click(within(region).getByRole('button', { name: 'Delete the overview figures' }));
    expect(await within(region).findByText('No overview figures are kept.')).toBeInTheDocument();
    expect(screen.getByText('Deleted the overview figures.')).toBeInTheDocument();
    expect(await loadAccount('demo')).toBeNull();
  });

  it('unchecking Remember, or forgetting this device, deletes the overview figures too', async () => {
    setRememberOnDevice(true);
    await saveAccount('demo', keptAccount(Date.now()));
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDeviceRoute />);
    const region = await screen.findByRole('region', { name: 'Your courses overview' });
    await within(region).findByRole('listitem');
    await user.click(screen.getByRole('checkbox', { name: 'Remember on this device' }));
    expect(await within(region).findByText('No overview figures are kept.')).toBeInTheDocument();
    expect(await loadAccount('demo')).toBeNull();

    await saveAccount('https://lms.example', keptAccount(Date.now()));
    await user.click(screen.getByRole('button', { name: 'Forget this device' }));
    const dialog = screen.getByRole('dialog', { name: 'Forget this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Forget this device' }));
    await waitFor(async () => expect(await loadAccount('https://lms.example')).toBeNull());
  });
});

/** What the overview keeps: two courses' figures and one learner. */
function keptAccount(savedAt: number): StoredAccount {
  const health = {
    rows: 1,
    learners: 1,
    completedPercent: 0,
    passedPercent: 0,
    averageProgress: 0,
    averageScore: null,
    overdue: 0,
    notStarted: 1,
    inactive: 0,
    lastActivity: null,
  };
  return {
    version: 1,
    savedAt,
    courses: [1, 2].map((courseId) => ({
      courseId,
      health,
      listedLastActivity: null,
      listedUpdatedAt: null,
      readAt: savedAt,
    })),
    index: { version: 1, learners: [[7, 'Anna Petrova', 'anna@example.com', [1, 2]]] },
  };
}
