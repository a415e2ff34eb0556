import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BarChart } from './bar-chart';
import { StackedBar } from './stacked-bar';

describe('BarChart', () => {
  const bars = [
    { label: '0–9', value: 3 },
    { label: '10–19', value: 0 },
    { label: '90–100', value: 12 },
  ];

  it('is an image named by its title and description, with the figures in a table', async () => {
    render(
      <BarChart
        title="Progress distribution"
        description="Most learners are between 90 and 100 percent."
        bars={bars}
        formatValue={(value) => `${value} rows`}
        tableHeaders={['Progress', 'Rows']}
        showTableLabel="Show as table"
      />,
    );
    const image = screen.getByRole('img', { name: /Progress distribution.*Most learners/ });
    expect(image.querySelectorAll('rect')).toHaveLength(3);
    await userEvent.setup().click(screen.getByText('Show as table'));
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['ProgressRows', '0–93 rows', '10–190 rows', '90–10012 rows']);
  });

  it('scales bars to the largest value', () => {
    const { container } = render(
      <BarChart
        title="t"
        description="d"
        bars={bars}
        formatValue={String}
        tableHeaders={['a', 'b']}
        showTableLabel="s"
      />,
    );
    const heights = [...container.querySelectorAll('rect.chart-bar')].map((rect) =>
      Number(rect.getAttribute('height')),
    );
    expect(heights[2]).toBeGreaterThan(heights[0] ?? Infinity);
    expect(heights[1]).toBe(0);
    expect((heights[0] ?? 0) / (heights[2] ?? 1)).toBeCloseTo(3 / 12);
  });
});

describe('StackedBar', () => {
  it('writes every part in the legend, so colour is never the only carrier', () => {
    render(
      <StackedBar
        title="Status"
        segments={[
          { key: 'a', label: 'Passed', value: 3, tone: 'ok' },
          { key: 'b', label: 'Not passed', value: 1, tone: 'danger' },
        ]}
        formatSegment={(value, share) => `${value} (${Math.round(share * 100)}%)`}
      />,
    );
    const items = within(screen.getByRole('figure', { name: 'Status' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Passed 3 (75%)', 'Not passed 1 (25%)']);
  });
});
