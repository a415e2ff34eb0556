import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteAllSnapshots, listSnapshots, saveSnapshot } from '@/features/course-stats/changes/snapshot-store';
import { MONDAY, snapshotOf } from '@/features/course-stats/changes/snapshot-test-support';
import { COURSE_MEMORY_KEYS, storageKey } from '@/lib/storage';
import { getToken, setToken } from '@/lib/token-store';
import { polyfillDialog } from '@/testing/dialog';
import { renderWithProviders } from '@/testing/render';
import { AppShell } from './app-shell';

polyfillDialog();

const SCOPE = { origin: window.location.origin, courseId: 7, sessionId: null };
const MEMORY_KEYS = Object.values(COURSE_MEMORY_KEYS).map(storageKey);

beforeEach(() => {
  // A fresh IndexedDB each test, whatever an earlier test file left in place.
  vi.stubGlobal('indexedDB', new IDBFactory());
  setToken('t-123', false);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await deleteAllSnapshots();
});

function rememberRecentCourse() {
  localStorage.setItem(storageKey(COURSE_MEMORY_KEYS.recentCourses), '[{"id":7,"name":"Onboarding"}]');
}

async function storeEverything() {
  rememberRecentCourse();
  localStorage.setItem(
    storageKey(COURSE_MEMORY_KEYS.savedViews),
    JSON.stringify([{ id: 'a', name: 'Overdue', path: '/courses/7/stats', hiddenColumns: [], savedAt: MONDAY }]),
  );
  localStorage.setItem(storageKey(COURSE_MEMORY_KEYS.rememberOnDevice), 'true');
  localStorage.setItem(storageKey(COURSE_MEMORY_KEYS.snapshotOfferDismissed), '[7]');
  await saveSnapshot(snapshotOf([{ id: 1 }, { id: 2 }], MONDAY, SCOPE));
  await saveSnapshot(snapshotOf([{ id: 1 }], MONDAY + 1000, SCOPE));
}

async function snapshotCount() {
  const list = await listSnapshots();
  return list.status === 'ok' ? list.value.length : -1;
}

/** Sign out, "Also forget this device", Sign out: the dialog the question was asked in. */
async function signOutForgetting(user: ReturnType<typeof userEvent.setup>) {
  renderWithProviders(<AppShell />);
  await user.click(screen.getByRole('button', { name: 'Sign out' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign out' });
  await user.click(within(dialog).getByRole('checkbox', { name: 'Also forget this device' }));
  await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
  return dialog;
}

const storedMemory = () => MEMORY_KEYS.filter((key) => localStorage.getItem(key) !== null);

describe('Sign out', () => {
  it('signs out at once when this device keeps nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppShell />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(getToken()).toBeNull());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks first when something is kept; Cancel keeps the token and everything stored', async () => {
    await storeEverything();
    const user = userEvent.setup();
    renderWithProviders(<AppShell />);
    const signOut = screen.getByRole('button', { name: 'Sign out' });
    await user.click(signOut);

    const dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    const forget = within(dialog).getByRole('checkbox', { name: 'Also forget this device' });
    expect(forget).not.toBeChecked();
    expect(forget).toHaveAccessibleDescription(
      'Forgetting it deletes from this browser: 2 course snapshots 1 saved view 1 recent course the "Remember on this device" choice',
    );
    expect(getToken()).toBe('t-123');

    await user.click(forget);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(signOut).toHaveFocus();
    expect(getToken()).toBe('t-123');
    expect(storedMemory()).toEqual(MEMORY_KEYS);
    expect(await snapshotCount()).toBe(2);
  });

  it('asks about a recent course alone, and signs out without forgetting unless asked to', async () => {
    rememberRecentCourse();
    const user = userEvent.setup();
    renderWithProviders(<AppShell />);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['1 recent course']);

    await user.click(within(dialog).getByRole('button', { name: 'Sign out' }));
    expect(getToken()).toBeNull();
    expect(storedMemory()).toEqual([storageKey(COURSE_MEMORY_KEYS.recentCourses)]);
  });

  it('"Also forget this device" deletes the snapshots, saved views, recent courses and the choice, then signs out', async () => {
    await storeEverything();
    await signOutForgetting(userEvent.setup());
    await waitFor(() => expect(getToken()).toBeNull());
    expect(storedMemory()).toEqual([]);
    expect(await snapshotCount()).toBe(0);
  });

  it('says when the snapshots could not be deleted, and signs out all the same', async () => {
    await storeEverything();
    vi.spyOn(IDBObjectStore.prototype, 'clear').mockImplementation(() => {
      throw new DOMException('The storage is locked.', 'UnknownError');
    });
    const user = userEvent.setup();
    const dialog = await signOutForgetting(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /the course snapshots could not be: the browser refused access to its storage/,
    );
    // What localStorage held is gone already; only the way on is left.
    expect(storedMemory()).toEqual([]);
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    const signOut = within(dialog).getByRole('button', { name: 'Sign out' });
    expect(signOut).toHaveFocus();
    await user.click(signOut);
    expect(getToken()).toBeNull();
  });
});

describe('The header', () => {
  it('does not say the same words twice: the brand, then a link to the courses', () => {
    const { container } = renderWithProviders(<AppShell />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Courses', 'Label groups']);
    expect(links[0]).toHaveAttribute('href', '/courses');
    const brand = container.querySelector('.shell-brand')?.textContent ?? '';
    expect(brand).not.toBe('');
    for (const link of links) expect(link.textContent).not.toBe(brand);
  });

  it('folds its tools into a disclosure menu: Enter opens it, Escape closes it and gives focus back', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppShell />);
    const button = screen.getByRole('button', { name: 'Menu' });
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    expect(panel).toContainElement(screen.getByRole('button', { name: 'Sign out' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toHaveAttribute('data-open');

    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open');
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes the menu on a click elsewhere', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AppShell />);
    const button = screen.getByRole('button', { name: 'Menu' });
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('navigation', { name: 'Main' }));
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
