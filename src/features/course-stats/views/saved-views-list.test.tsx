import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { DEFAULT_SEARCH } from '../params/course-stats-search';
import { readSavedViews, saveView } from './saved-views';
import { SavedViewsList } from './saved-views-list';

function renderList() {
  return renderWithProviders(<SavedViewsList />, { route: '/courses', path: '/courses' });
}

function seed() {
  saveView({ name: 'Overdue', courseId: 7, search: { ...DEFAULT_SEARCH, quick: ['overdue'] }, hiddenColumns: [] });
  saveView({ name: 'Whole', courseId: 7, search: { ...DEFAULT_SEARCH, all: true }, hiddenColumns: ['score'] });
  saveView({ name: 'Other', courseId: 8, search: DEFAULT_SEARCH, hiddenColumns: [] });
}

describe('the saved views on the course index', () => {
  it('shows nothing while there are none', () => {
    const { container } = renderList();
    expect(container).toBeEmptyDOMElement();
  });

  it('lists every view as a link named by it, with its course', () => {
    seed();
    renderList();
    const section = screen.getByRole('region', { name: 'Saved views' });
    const items = within(section).getAllByRole('group');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Other', 'Whole', 'Overdue']);
    expect(within(section).getByRole('link', { name: 'Whole' })).toHaveAttribute(
      'href',
      '/courses/7/stats?all=1&hide=score',
    );
    expect(within(items[0] as HTMLElement).getByText('Course 8')).toBeInTheDocument();
  });

  it('renames in place, with the dialog’s rules, refusing a name another view of the course has', async () => {
    seed();
    const user = userEvent.setup();
    renderList();
    const item = screen.getByRole('group', { name: 'Whole' });
    await user.click(within(item).getByRole('button', { name: 'Rename' }));
    const field = within(item).getByRole('textbox', { name: 'View name' });
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'OVERDUE');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Another view of this course is already called “Overdue”.');
    await user.click(within(item).getByRole('button', { name: 'Save name' }));
    expect(readSavedViews().map((view) => view.name)).toEqual(['Other', 'Whole', 'Overdue']);
    await user.clear(field);
    await user.click(within(item).getByRole('button', { name: 'Save name' }));
    expect(field).toHaveAccessibleDescription('Enter a name for the view.');
    await user.type(field, 'Other');
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.keyboard('{Enter}');
    expect(readSavedViews().map((view) => view.name)).toEqual(['Other', 'Other', 'Overdue']);
    expect(screen.getByText('View renamed to “Other”.')).toHaveAttribute('role', 'status');
    const renamed = screen.getAllByRole('group', { name: 'Other' })[1] as HTMLElement;
    expect(within(renamed).getByRole('button', { name: 'Rename' })).toHaveFocus();
  });

  it('cancels a rename on Escape, focus back on Rename', async () => {
    seed();
    const user = userEvent.setup();
    renderList();
    const item = screen.getByRole('group', { name: 'Other' });
    await user.click(within(item).getByRole('button', { name: 'Rename' }));
    await user.type(within(item).getByRole('textbox', { name: 'View name' }), ' changed');
    await user.keyboard('{Escape}');
    expect(within(item).getByRole('link', { name: 'Other' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'Rename' })).toHaveFocus();
    expect(readSavedViews()[0]?.name).toBe('Other');
  });

  it('deletes at once and offers Undo, which puts the view back where it was', async () => {
    seed();
    const user = userEvent.setup();
    renderList();
    await user.click(within(screen.getByRole('group', { name: 'Whole' })).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('group', { name: 'Whole' })).not.toBeInTheDocument();
    expect(readSavedViews().map((view) => view.name)).toEqual(['Other', 'Overdue']);
    expect(screen.getByText('View “Whole” deleted.')).toHaveAttribute('role', 'status');
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    await user.click(undo);
    expect(readSavedViews().map((view) => view.name)).toEqual(['Other', 'Whole', 'Overdue']);
    expect(readSavedViews()[1]?.hiddenColumns).toEqual(['score']);
    expect(screen.getByText('View “Whole” is back.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Whole' })).toHaveFocus();
  });

  it('keeps the section while the last view can still be put back', async () => {
    saveView({ name: 'Only', courseId: 7, search: DEFAULT_SEARCH, hiddenColumns: [] });
    const user = userEvent.setup();
    renderList();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByRole('region', { name: 'Saved views' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('link', { name: 'Only' })).toBeInTheDocument();
  });

  it('copies the absolute link of a view', async () => {
    seed();
    const user = userEvent.setup();
    renderList();
    const item = screen.getByRole('group', { name: 'Whole' });
    await user.click(within(item).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/courses/7/stats?all=1&hide=score`);
  });

  it('says so when the browser does not keep a rename', async () => {
    seed();
    const user = userEvent.setup();
    renderList();
    const item = screen.getByRole('group', { name: 'Other' });
    await user.click(within(item).getByRole('button', { name: 'Rename' }));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await user.type(within(item).getByRole('textbox', { name: 'View name' }), ' 2{Enter}');
    expect(within(item).getByRole('alert')).toHaveTextContent('This browser did not keep the change');
    vi.restoreAllMocks();
  });
});
