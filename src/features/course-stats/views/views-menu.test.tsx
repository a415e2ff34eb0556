import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { DEFAULT_SEARCH } from '../params/course-stats-search';
import { saveView } from './saved-views';
import { ViewsMenu } from './views-menu';

function renderMenu() {
  return renderWithProviders(<ViewsMenu courseId={7} />, {
    route: '/courses/7/stats',
    path: '/courses/:courseId/stats',
  });
}

describe('the Views menu', () => {
  it('says how to make a view when the course has none', async () => {
    const user = userEvent.setup();
    saveView({ name: 'Elsewhere', courseId: 8, search: DEFAULT_SEARCH, hiddenColumns: [] });
    renderMenu();
    await user.click(screen.getByRole('button', { name: 'Views' }));
    expect(screen.getByText(/No saved views of this course yet\. “Save view” keeps/)).toBeVisible();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it("lists this course's views as links that restore them, columns included, each with Copy link", async () => {
    const user = userEvent.setup();
    saveView({ name: 'Whole, by progress', courseId: 7, search: { ...DEFAULT_SEARCH, all: true }, hiddenColumns: [] });
    saveView({ name: 'Elsewhere', courseId: 8, search: DEFAULT_SEARCH, hiddenColumns: [] });
    saveView({
      name: 'No email',
      courseId: 7,
      search: { ...DEFAULT_SEARCH, q: 'anna' },
      hiddenColumns: ['user_email'],
    });
    const { router } = renderMenu();
    const button = screen.getByRole('button', { name: 'Views' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Saved views of course 7' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['No email', 'Whole, by progress']);
    expect(within(list).getByRole('link', { name: 'No email' })).toHaveAttribute(
      'href',
      '/courses/7/stats?q=anna&hide=user_email',
    );
    expect(within(list).getByRole('link', { name: 'Whole, by progress' })).toHaveAttribute(
      'href',
      '/courses/7/stats?all=1&hide=',
    );
    const item = within(list).getByRole('group', { name: 'No email' });
    await user.click(within(item).getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/courses/7/stats?q=anna&hide=user_email`,
    );
    expect(within(item).getByRole('status')).toHaveTextContent('Link to “No email” copied.');

    await user.click(within(list).getByRole('link', { name: 'No email' }));
    expect(router.state.location.search).toBe('?q=anna&hide=user_email');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    const user = userEvent.setup();
    saveView({ name: 'Mine', courseId: 7, search: DEFAULT_SEARCH, hiddenColumns: [] });
    renderMenu();
    const button = screen.getByRole('button', { name: 'Views' });
    await user.click(button);
    await user.tab();
    expect(screen.getByRole('link', { name: 'Mine' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(screen.getByRole('link', { hidden: true, name: 'Mine' })).not.toBeVisible();
  });
});
