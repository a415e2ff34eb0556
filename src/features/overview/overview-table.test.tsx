import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CourseHealthState } from '@/course/account-health';
import { summarizeCourseStats, type SinceLastVisit } from '@/course/course-health';
import { parsedCourse } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { TEST_NOW } from '@/testing/test-clock';
import { OverviewCards, OverviewTable, type CellContext } from './overview-table';
import { overviewCatalogs } from './strings';
import type { OverviewRow } from './use-overview-order';

const health = { ...summarizeCourseStats([], TEST_NOW), rows: 4, learners: 4 };

/** A course read (or not, with `since` null and nothing else known) and what changed in it since the last visit. */
function row(id: number, since: SinceLastVisit | null, state: CourseHealthState['state'] = 'done'): OverviewRow {
  const read = state === 'done';
  return {
    id,
    name: `Course ${id}`,
    health: read ? health : null,
    since,
    course: parsedCourse(id),
    state: { state, health: read ? health : null, reason: null, since },
  };
}

const rows = [
  row(1, { newLearners: 3, newlyPassed: 0 }),
  row(2, { newLearners: null, newlyPassed: null }),
  row(3, null, 'waiting'),
];

function context(comparing: boolean): CellContext {
  return {
    texts: overviewCatalogs.en,
    locale: 'en',
    now: TEST_NOW,
    courseHref: (id) => `/courses/${id}/stats`,
    onRetry: () => undefined,
    comparing,
  };
}

const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
/** The row's cells under the two "since" headers. */
function sinceCells(name: string): string[] {
  const tr = screen.getByRole('link', { name }).closest('tr');
  if (!tr) throw new Error(`No row for ${name}`);
  return within(tr)
    .getAllByRole('cell')
    .slice(-2)
    .map((cell) => cell.textContent);
}

describe('the overview since the last visit', () => {
  it('shows what changed, "…" until read and a muted "—" where nothing was kept, never 0', async () => {
    const onSortChange = vi.fn();
    renderWithProviders(
      <OverviewTable
        rows={rows}
        sort={null}
        onSortChange={onSortChange}
        context={context(true)}
        busy={false}
        onRenderedEnd={() => undefined}
      />,
    );
    expect(headers().slice(-2)).toEqual(['New learners↕', 'Newly passed↕']);
    expect(sinceCells('Course 1')).toEqual(['3', '0']);
    expect(sinceCells('Course 2')).toEqual([
      '—nothing kept from an earlier visit',
      '—nothing kept from an earlier visit',
    ]);
    expect(sinceCells('Course 3')).toEqual(['…not read yet', '…not read yet']);
    // The dash is muted, and says what it means to a screen reader only.
    const [dash] = within(screen.getByRole('link', { name: 'Course 2' }).closest('tr') ?? document.body).getAllByText(
      'nothing kept from an earlier visit',
    );
    expect(dash).toHaveClass('visually-hidden');
    expect(dash?.parentElement).toHaveClass('overview-unread');

    await userEvent.setup().click(screen.getByRole('button', { name: /^New learners/ }));
    expect(onSortChange).toHaveBeenCalledWith({ column: 'newLearners', desc: true });
  });

  it('shows no such columns without something kept from an earlier visit', () => {
    renderWithProviders(
      <OverviewTable
        rows={rows}
        sort={null}
        onSortChange={() => undefined}
        context={context(false)}
        busy={false}
        onRenderedEnd={() => undefined}
      />,
    );
    expect(headers().at(-1)).toBe('Last activity↕');
    expect(screen.queryByText('nothing kept from an earlier visit')).toBeNull();
  });

  it('puts on a phone card only what did change', () => {
    renderWithProviders(<OverviewCards rows={rows} sort={null} context={context(true)} />);
    const cards = screen.getAllByRole('listitem');
    const facts = (index: number) =>
      within(cards[index] ?? document.body)
        .getAllByRole('term')
        .map((term) => term.textContent);
    expect(facts(0)).toContain('New learners');
    expect(within(cards[0] ?? document.body).getByText('New learners').nextSibling).toHaveTextContent('3');
    expect(facts(0)).not.toContain('Newly passed');
    expect(facts(1)).not.toContain('New learners');
  });
});
