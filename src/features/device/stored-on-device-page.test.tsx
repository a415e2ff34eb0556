import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DeviceResult } from '@/lib/device-store';
import { polyfillDialog } from '@/testing/dialog';
import { renderWithProviders } from '@/testing/render';
import type { DeviceMemory, RecentCourse, StoredSnapshot } from './device-memory';
import { StoredOnDevicePage } from './stored-on-device-page';

polyfillDialog();

// The page against an in-memory DeviceMemory. src/app/device-screens.test.tsx renders it wired to course
// statistics' real stores.

const DAY = 86_400_000;
const MONDAY = Date.parse('2026-11-16T09:00:00Z');
const HERE: StoredSnapshot['scope'] = { origin: window.location.origin, courseId: 7, sessionId: null };
const WHEN = (at: number) => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(at);

interface Kept {
  snapshots: StoredSnapshot[];
  savedViews: number;
  recentCourses: RecentCourse[];
  remember: boolean;
}

const OK: DeviceResult<void> = { status: 'ok', value: undefined };
const NO_INDEXEDDB = { status: 'unavailable', reason: 'no-indexeddb' } as const;

/** What the device keeps, in memory; `kept` is its state, for the test to read. Without IndexedDB no snapshot is. */
function deviceMemory(stored: Partial<Kept> = {}, { indexedDb = true } = {}) {
  const kept: Kept = { snapshots: [], savedViews: 0, recentCourses: [], remember: false, ...stored };
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const keepSnapshots = (keep: (snapshot: StoredSnapshot) => boolean): DeviceResult<void> => {
    if (!indexedDb) return NO_INDEXEDDB;
    kept.snapshots = kept.snapshots.filter(keep);
    return OK;
  };
  const memory: DeviceMemory = {
    listSnapshots: async () => (indexedDb ? { status: 'ok', value: [...kept.snapshots] } : NO_INDEXEDDB),
    deleteSnapshot: async (id) => keepSnapshots((snapshot) => snapshot.id !== id),
    deleteAllSnapshots: async () => keepSnapshots(() => false),
    readRemember: () => kept.remember,
    chooseRemember: async (remember) => {
      kept.remember = remember;
      notify();
      return remember ? OK : keepSnapshots(() => false);
    },
    subscribeRemember: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    savedViewCount: () => kept.savedViews,
    readRecentCourses: () => kept.recentCourses,
    forget: async () => {
      Object.assign(kept, { savedViews: 0, recentCourses: [], remember: false });
      notify();
      return keepSnapshots(() => false);
    },
  };
  return { memory, kept };
}

function snapshot(rowCount: number, takenAt: number, bytes: number, scope = HERE): StoredSnapshot {
  return { id: `${scope.courseId}|${scope.sessionId}|${takenAt}`, scope, takenAt, rowCount, bytes };
}

const LOCAL: Partial<Kept> = {
  recentCourses: [
    { id: 7, name: 'Onboarding' },
    { id: 9, name: null },
  ],
  savedViews: 1,
  remember: true,
};

describe('Stored on this device', () => {
  it('lists the snapshots by course, each with its date and time, row count and size', async () => {
    const { memory } = deviceMemory({
      ...LOCAL,
      snapshots: [
        snapshot(3, MONDAY, 420),
        snapshot(2, MONDAY + 7 * DAY, 380),
        snapshot(1, MONDAY + DAY, 95, { ...HERE, courseId: 8, sessionId: 55 }),
      ],
    });
    renderWithProviders(<StoredOnDevicePage memory={memory} />);

    const onboarding = await screen.findByRole('region', { name: 'Onboarding (course 7)' });
    const items = within(onboarding).getAllByRole('listitem');
    // Newest first: the week-later one, then Monday's; under 1 kB, two significant digits.
    expect(items.map((item) => item.textContent)).toEqual([
      `${WHEN(MONDAY + 7 * DAY)}2 rows0.38 kBDelete`,
      `${WHEN(MONDAY)}3 rows0.42 kBDelete`,
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
    const { memory } = deviceMemory({ snapshots: [snapshot(400, MONDAY, 12_345)] });
    renderWithProviders(<StoredOnDevicePage memory={memory} />);
    expect(await screen.findByText('12.3 kB')).toBeInTheDocument();
    expect(screen.getByText('400 rows')).toBeInTheDocument();
  });

  it('deletes one snapshot, named by its course and date, and keeps the others', async () => {
    const { memory, kept } = deviceMemory({
      snapshots: [snapshot(3, MONDAY, 420), snapshot(2, MONDAY + 7 * DAY, 380)],
    });
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDevicePage memory={memory} />);

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
    expect(kept.snapshots).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Course snapshots' })).toHaveFocus();
  });

  it('deletes all snapshots, and then says how snapshots come about', async () => {
    const { memory, kept } = deviceMemory({
      snapshots: [snapshot(3, MONDAY, 420), snapshot(1, MONDAY, 95, { ...HERE, courseId: 8 })],
    });
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDevicePage memory={memory} />);

    await user.click(await screen.findByRole('button', { name: 'Delete all snapshots' }));
    expect(await screen.findByText(/^No snapshots are stored\. To keep one, check "Remember on this device"/));
    expect(screen.getByText(/load all pages of a course/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Deleted every snapshot.');
    expect(kept.snapshots).toEqual([]);
  });

  it('unchecking Remember deletes the snapshots kept so far, as its hint says', async () => {
    const { memory, kept } = deviceMemory({ remember: true, snapshots: [snapshot(3, MONDAY, 420)] });
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDevicePage memory={memory} />);

    const remember = screen.getByRole('checkbox', { name: 'Remember on this device' });
    expect(remember).toHaveAccessibleDescription(/Unchecking deletes the snapshots kept so far\.$/);
    expect(remember).toHaveAccessibleDescription(/progress, status and dates, with no names or email addresses/);
    await screen.findByRole('region', { name: 'Course 7' });
    await user.click(remember);
    expect(remember).not.toBeChecked();
    expect(await screen.findByText(/^No snapshots are stored/)).toBeInTheDocument();
    expect(kept.remember).toBe(false);
    expect(kept.snapshots).toEqual([]);
  });

  it('says in plain words when this browser has no IndexedDB, and the rest still works', async () => {
    const { memory } = deviceMemory(LOCAL, { indexedDb: false });
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDevicePage memory={memory} />);

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
    const { memory, kept } = deviceMemory({
      ...LOCAL,
      snapshots: [snapshot(3, MONDAY, 420), snapshot(2, MONDAY + DAY, 380)],
    });
    const user = userEvent.setup();
    renderWithProviders(<StoredOnDevicePage memory={memory} />);
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
    expect(kept.snapshots).toHaveLength(2);
    expect(screen.getByText('Saved views: 1')).toBeInTheDocument();

    await user.click(forget);
    dialog = screen.getByRole('dialog', { name: 'Forget this device?' });
    await user.click(within(dialog).getByRole('button', { name: 'Forget this device' }));
    expect(await screen.findByText(/^No snapshots are stored/)).toBeInTheDocument();
    expect(screen.getByText('Saved views: 0')).toBeInTheDocument();
    expect(screen.getByText('Recent courses: 0')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
    expect(kept).toEqual({ snapshots: [], savedViews: 0, recentCourses: [], remember: false });
  });
});
