import { courseStatKeys, courseStatSchema, type CourseStat, type CourseStatWire } from '@contract';
import { render, renderHook, screen, within } from '@testing-library/react';
import { getCoreRowModel, useReactTable, type VisibilityState } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { tableToCsv } from '@/components/data-table/table-csv';
import { localTimeZone, parseCsv } from '@/lib/csv';
import { courseStatWire } from '@/testing/fixtures';
import { courseStatsColumnsIn } from '../table/columns';
import { DEFAULT_COLUMN_VISIBILITY } from '../table/column-visibility';
import { CourseStatDetailsDialog } from '../table/details-dialog';
import { COLUMN_FIELDS, FIELDS, isSortableColumnId, rowSortFor, type Field } from './fields';
import { sortRows } from './multi-sort';
import { fieldCatalogs } from './strings';

const words = fieldCatalogs.en;
const stat = (overrides: Partial<CourseStatWire> = {}): CourseStat => courseStatSchema.parse(courseStatWire(overrides));

/** Two rows whose values of every field differ, the first smaller: what each sort must put in order. */
const low = stat({
  id: 1,
  user_id: 11,
  username: 'Anna',
  user_email: 'anna@example.com',
  course_session_id: 70,
  course_session_name: 'Autumn',
  completed: false,
  success: false,
  deadline: '2026-11-01T09:00:00Z',
  last_activity: '2026-11-01T09:00:00Z',
  time_spent: 60,
  quiz_count: 1,
  score: 10,
  score_percent: 10,
  progress: 0,
  progress_percent: 0,
  completed_tasks: 1,
  cert_file: null,
});
const high = stat({
  id: 2,
  user_id: 12,
  username: 'Boris',
  user_email: 'boris@example.com',
  course_session_id: 71,
  course_session_name: 'Winter',
  completed: true,
  success: true,
  deadline: '2026-12-01T09:00:00Z',
  last_activity: '2026-12-01T09:00:00Z',
  time_spent: 7200,
  quiz_count: 5,
  score: 90,
  score_percent: 90,
  progress: 100,
  progress_percent: 100,
  completed_tasks: 9,
  cert_file: 'https://example.com/cert.pdf',
});

const columnOf = (field: Field) => courseStatsColumnsIn(words).find((column) => column.id === field.id);

describe('the field model', () => {
  it('declares each field once', () => {
    const ids = FIELDS.map((field) => field.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Every wire field of the contract has its line.
    for (const key of courseStatKeys) expect(FIELDS.some((field) => field.details.raw === key)).toBe(true);
  });

  it.each(COLUMN_FIELDS.map((field) => [field.id, field] as const))(
    '%s: its table column is as declared',
    (_id, field) => {
      const column = columnOf(field);
      expect(column?.header).toBe(words.columnHeaders[field.id]);
      expect(column?.enableHiding).toBe(field.column.hideable);
      expect(column?.enableSorting).toBe(field.sort !== null);
      expect(DEFAULT_COLUMN_VISIBILITY[field.id]).toBe(
        field.column.hideable ? field.column.visibleByDefault : undefined,
      );
    },
  );

  it('has no column for a field declared without one', () => {
    const withoutColumn = FIELDS.filter((field) => field.column === null);
    expect(withoutColumn.map((field) => field.id)).toEqual(['course_id', 'coursename', 'overdue']);
    for (const field of withoutColumn) expect(columnOf(field)).toBeUndefined();
  });

  it('exports every column field to CSV, headed by its header, with its declared value', () => {
    const everyColumn: VisibilityState = Object.fromEntries(COLUMN_FIELDS.map((field) => [field.id, true]));
    const { result } = renderHook(() =>
      useReactTable({
        data: [high],
        columns: courseStatsColumnsIn(words),
        state: { columnVisibility: everyColumn },
        getCoreRowModel: getCoreRowModel(),
      }),
    );
    const [header, row] = parseCsv(tableToCsv(result.current, [high], ',').text, ',');
    const unitOf = (field: (typeof COLUMN_FIELDS)[number]) => {
      const unit = field.column.csvUnit;
      if (unit === undefined) return '';
      return ` (${unit === 'time-zone' ? localTimeZone() : words.csvUnits[unit]})`;
    };
    expect(header).toEqual(COLUMN_FIELDS.map((field) => `${words.columnHeaders[field.id]}${unitOf(field)}`));
    COLUMN_FIELDS.forEach((field, index) => {
      const value = field.column.csv(high, words);
      expect(row?.[index], field.id).toBe(value === null ? '' : String(value));
    });
  });

  it('writes CSV headers with units, and dates as a spreadsheet reads them', () => {
    const { result } = renderHook(() =>
      useReactTable({
        data: [high],
        columns: courseStatsColumnsIn(words),
        state: { columnVisibility: { ...DEFAULT_COLUMN_VISIBILITY, progress_percent: true } },
        getCoreRowModel: getCoreRowModel(),
      }),
    );
    const [header = [], row = []] = parseCsv(tableToCsv(result.current, [high], ',').text, ',');
    const cell = (name: string) => row[header.indexOf(name)];
    const zone = localTimeZone();
    expect(cell('Time spent (seconds)')).toBe('7200');
    expect(cell('Progress (%)')).toBe('100');
    // The header already says "%".
    expect(cell('Progress %')).toBe('100');
    expect(cell(`Deadline (${zone})`)).toMatch(/^2026-12-0[12] \d\d:\d\d$/);
    expect(cell(`Last activity (${zone})`)).toMatch(/^2026-12-0[12] \d\d:\d\d$/);
    expect(fieldCatalogs.ru.csvUnits.seconds).toBe('секунды');
  });

  it('shows every field in the details dialog, in the API order, derived ones last', () => {
    render(
      <CourseStatDetailsDialog rows={[high]} index={0} onIndexChange={() => undefined} onClose={() => undefined} />,
    );
    const labels = within(screen.getByRole('dialog', { hidden: true }))
      .getAllByRole('rowheader', { hidden: true })
      .map((cell) => cell.textContent);
    const expected = [
      ...courseStatKeys.map((key) => FIELDS.find((field) => field.details.raw === key)),
      ...FIELDS.filter((field) => field.details.raw === null),
    ].map((field) => field?.details.label(words));
    expect(labels).toEqual(expected);
    expect(labels).toHaveLength(FIELDS.length);
  });

  it.each(FIELDS.map((field) => [field.id, field] as const))(
    '%s: sorts by its declared value, or not at all',
    (_id, field) => {
      const sort = rowSortFor({ id: field.id, desc: false });
      if (field.sort === null || field.column === null) {
        expect(sort).toBeUndefined();
        expect(isSortableColumnId(field.id)).toBe(false);
        return;
      }
      expect(isSortableColumnId(field.id)).toBe(true);
      expect(sort).toBeDefined();
      if (!sort) return;
      expect(sortRows([high, low], [sort]).map((row) => row.id)).toEqual([1, 2]);
      expect(sortRows([low, high], [{ ...sort, desc: true }]).map((row) => row.id)).toEqual([2, 1]);
    },
  );
});
