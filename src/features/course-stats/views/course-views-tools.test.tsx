import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { polyfillDialog } from '@/testing/dialog';
import { renderWithProviders } from '@/testing/render';
import { DEFAULT_SEARCH, type CourseStatsSearch } from '../params/course-stats-search';
import { DEFAULT_COLUMN_VISIBILITY, setColumnVisibility } from '../table/column-visibility';
import { CourseViewsTools } from './course-views-tools';
import { readSavedViews, saveView } from './saved-views';

polyfillDialog();

const SEARCH: CourseStatsSearch = {
  ...DEFAULT_SEARCH,
  page: 3,
  all: true,
  q: 'anna',
  quick: ['overdue'],
  sort: [
    { id: 'progress', desc: true },
    { id: 'username', desc: false },
  ],
};

function renderTools(courseName: string | null = 'Safety basics') {
  return renderWithProviders(<CourseViewsTools courseId={7} search={SEARCH} courseName={courseName} />);
}

async function openDialog() {
  const user = userEvent.setup();
  renderTools();
  await user.click(screen.getByRole('button', { name: 'Save view' }));
  const dialog = screen.getByRole('dialog', { name: 'Save view' });
  return { user, dialog, field: within(dialog).getByRole('textbox', { name: 'View name' }) };
}

describe('Save view', () => {
  it('opens a dialog with focus in "View name", which suggests the course and what narrows it', async () => {
    const { field } = await openDialog();
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Safety basics · whole course · “anna” · Overdue');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the course, filters, mode, search, quick filters, sort and hidden columns, not the page', async () => {
    act(() => setColumnVisibility({ ...DEFAULT_COLUMN_VISIBILITY, user_email: false }));
    const { user, dialog, field } = await openDialog();
    await user.clear(field);
    await user.type(field, 'Monday check');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('View “Monday check” saved.');
    expect(screen.getByRole('button', { name: 'Save view' })).toHaveFocus();
    const [view] = readSavedViews().filter((view) => view.courseId === 7);
    expect(view?.name).toBe('Monday check');
    expect(view?.path).toBe('/courses/7/stats?sort=progress.desc,username.asc&all=1&q=anna&quick=overdue');
    expect(view?.hiddenColumns).toContain('user_email');
    expect(view?.hiddenColumns).toContain('id');
  });

  it('refuses an empty or overlong name in place, described on the field', async () => {
    const { user, dialog, field } = await openDialog();
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter a name for the view.'));
    expect(field).toHaveFocus();
    await user.type(field, 'x'.repeat(101));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('A view name has at most 100 characters; this one has 101.'),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(readSavedViews()).toEqual([]);
    await user.type(field, '{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('says when saving replaces a view of this course with that name', async () => {
    saveView({ name: 'Overdue', courseId: 7, search: DEFAULT_SEARCH, hiddenColumns: [] });
    saveView({ name: 'Other course', courseId: 8, search: DEFAULT_SEARCH, hiddenColumns: [] });
    const { user, dialog, field } = await openDialog();
    await user.clear(field);
    await user.type(field, 'other course');
    expect(within(dialog).queryByText(/Saving replaces/)).not.toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'overdue ');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Saving replaces the view “Overdue”.'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      readSavedViews()
        .filter((view) => view.courseId === 7)
        .map((view) => view.name),
    ).toEqual(['overdue']);
  });

  it('says so in place when the browser does not keep the view', async () => {
    const { user, dialog } = await openDialog();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('This browser did not keep the view');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    vi.restoreAllMocks();
  });

  it('closes on Cancel or Escape and gives focus back to the button', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save view' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    // The browser turns Escape into a close; the test DOM has no such behaviour, so the close is sent as it would be.
    act(() => screen.getByRole('dialog').dispatchEvent(new Event('close')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save view' })).toHaveFocus();
    expect(readSavedViews()).toEqual([]);
  });

  it('suggests the course number while the course name is unknown', async () => {
    const user = userEvent.setup();
    renderTools(null);
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    expect(screen.getByRole('textbox', { name: 'View name' })).toHaveValue(
      'Course 7 · whole course · “anna” · Overdue',
    );
  });
});
