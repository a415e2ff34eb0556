import { courseStatSchema } from '@contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/lib/i18n';
import { courseStatWire } from '@/testing/fixtures';
import { CourseOverviewPanel } from './course-overview-panel';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const rows = [
  courseStatWire({
    id: 1,
    user_id: 1,
    progress: 0,
    progress_percent: 0,
    course_session_id: 1,
    course_session_name: 'Spring',
  }),
  courseStatWire({
    id: 2,
    user_id: 2,
    progress: 100,
    progress_percent: 100,
    completed: true,
    success: true,
    course_session_id: 1,
    course_session_name: 'Spring',
    score: 80,
  }),
  courseStatWire({
    id: 3,
    user_id: 3,
    progress: 55,
    progress_percent: 55,
    course_session_id: 2,
    course_session_name: 'Autumn',
    score: 20,
    deadline: '2026-11-01T00:00:00Z',
  }),
].map((row) => courseStatSchema.parse(row));

describe('CourseOverviewPanel', () => {
  it('says which rows it covers, as a warning while more may exist', () => {
    const { rerender } = render(
      <CourseOverviewPanel rows={rows} scope="Based on 3 rows, more may exist." partial now={NOW} />,
    );
    expect(screen.getByText('Based on 3 rows, more may exist.')).toHaveClass('course-overview-partial');
    rerender(<CourseOverviewPanel rows={rows} scope="Based on all 3 rows of the results." partial={false} now={NOW} />);
    expect(screen.getByText('Based on all 3 rows of the results.')).not.toHaveClass('course-overview-partial');
  });

  it('draws the progress distribution with a text alternative', () => {
    render(<CourseOverviewPanel rows={rows} scope="" partial={false} now={NOW} />);
    expect(screen.getByRole('img', { name: /Progress distribution/ })).toHaveAccessibleName(
      expect.stringContaining('the largest band is 0–9 % with 1 row'),
    );
  });

  it('writes the status breakdown in text', () => {
    render(<CourseOverviewPanel rows={rows} scope="" partial={false} now={NOW} />);
    const legend = within(screen.getByRole('figure', { name: 'Status breakdown' })).getAllByRole('listitem');
    expect(legend.map((item) => item.textContent)).toEqual([
      'Not started 1 (33%)',
      'In progress 1 (33%)',
      'Passed 1 (33%)',
      'Not passed 0 (0%)',
    ]);
  });

  it('compares the sessions in a table', () => {
    render(<CourseOverviewPanel rows={rows} scope="" partial={false} now={NOW} />);
    const table = screen.getByRole('table', { name: 'Sessions compared' });
    const lines = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(lines).toEqual([
      'SessionLearnersCompletedPassedMedian scoreOverdue',
      'Autumn10%0%20100%',
      'Spring250%50%600%',
    ]);
  });

  it('speaks Russian', () => {
    render(
      <LocaleProvider initial="ru">
        <CourseOverviewPanel rows={rows} scope="" partial now={NOW} />
      </LocaleProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Обзор' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Сравнение сессий' })).toBeInTheDocument();
  });
});
