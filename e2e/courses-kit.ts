// Courses and sessions as the LMS's list endpoints send them (beyond the API description), for the specs of the
// course list, the course switcher and the session filter; and a sign-in in either language.

import { expect, type Page } from '@playwright/test';
import { PROXY_URL, SHELL_WORDS } from './support';

const SUBJECTS = ['Zoology', 'Music', 'Algebra', 'History', 'Biology'];

/** A course of the list; course 1 was active last, and each next one an hour before. */
export function courseRow(id: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    name: `${SUBJECTS[id % SUBJECTS.length] ?? 'Course'} ${id}`,
    created_at: '2025-01-15T12:00:00Z',
    updated_at: '2026-11-01T12:00:00Z',
    last_activity: new Date(Date.UTC(2026, 10, 20, 12) - id * 3_600_000).toISOString(),
    owner_name: `Owner ${id}`,
    description: '<p>About this course</p>',
    ...overrides,
  };
}

export function courseRows(count: number, overrides: (id: number) => Record<string, unknown> = () => ({})) {
  return Array.from({ length: count }, (_, index) => courseRow(index + 1, overrides(index + 1)));
}

export const COURSES_PATH = '/courses$';
export const SESSIONS_PATH = '/course_sessions$';

/** Opens a path on the proxy and signs in with `token`, in the page's language. */
export async function openOnProxyIn(page: Page, path: string, token: string, language: 'en' | 'ru'): Promise<void> {
  const words = SHELL_WORDS[language];
  await page.goto(`${PROXY_URL}${path}`);
  await page.getByLabel(words.tokenLabel).fill(token);
  await page.getByRole('button', { name: words.signIn }).click();
  await expect(page.getByRole('navigation', { name: words.mainNav })).toBeVisible({ timeout: 30_000 });
}

const SHORTCUTS = { en: 'Open by ID, recent, saved views', ru: 'По ID, недавние, сохранённые виды' } as const;

/** Opens the overview's shortcuts (the Course ID form, recently opened courses, saved views), which sit behind a button. */
export async function openShortcuts(page: Page, language: 'en' | 'ru' = 'en'): Promise<void> {
  await page.getByRole('button', { name: SHORTCUTS[language] }).click();
}
