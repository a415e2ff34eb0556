import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { useCourseStatsSearch } from './use-course-stats-search';

function Harness() {
  const { search, update } = useCourseStatsSearch();
  return (
    <>
      <p>{`q=${search.q} quick=${search.quick.join(',')} all=${String(search.all)}`}</p>
      <button
        type="button"
        onClick={() => {
          // Two changes before the first has rendered, as a fast user (or a test) makes them.
          update({ q: '' }, { replace: true });
          update({ quick: ['overdue'] });
        }}
      >
        Change twice
      </button>
    </>
  );
}

describe('useCourseStatsSearch', () => {
  it('builds each change on the one before, even before that one has rendered', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<Harness />, { route: '/courses/7/stats?all=1&q=anna&quick=inactive' });
    expect(screen.getByText('q=anna quick=inactive all=true')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change twice' }));
    await waitFor(() => expect(router.state.location.search).toBe('?all=1&quick=overdue'));
    expect(screen.getByText('q= quick=overdue all=true')).toBeInTheDocument();
  });
});
