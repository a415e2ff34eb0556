import { createTable, getCoreRowModel, type ColumnDef, type TableOptionsResolved } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '@/lib/csv';
import { tableToCsv } from './table-csv';
import './column-meta';

interface Person {
  name: string;
  city: string;
  score: number;
  secret: string;
}

const people: Person[] = [
  { name: '=HYPERLINK("http://evil.example","x")', city: 'Москва', score: 10, secret: 's1' },
  { name: 'Анна "Аня" Смирнова', city: 'Lyon; Paris', score: 30, secret: 's2' },
  { name: '@SUM(1)', city: '-Minus', score: 20, secret: 's3' },
];

const columns: Array<ColumnDef<Person>> = [
  { id: 'name', accessorFn: (row) => row.name, meta: { label: 'Name', exportValue: (row) => row.name } },
  { id: 'city', accessorFn: (row) => row.city, header: 'City' },
  {
    id: 'score',
    accessorFn: (row) => row.score,
    meta: { label: 'Score', exportValue: (_row, value) => `${String(value)} pts` },
  },
  { id: 'secret', accessorFn: (row) => row.secret, header: 'Secret' },
];

function table(state: Partial<TableOptionsResolved<Person>['state']>) {
  const instance = createTable<Person>({
    data: people,
    columns,
    getCoreRowModel: getCoreRowModel(),
    state: { columnVisibility: {}, columnOrder: [], columnPinning: {}, ...state },
    onStateChange: () => undefined,
    renderFallbackValue: null,
  });
  return instance;
}

describe('tableToCsv', () => {
  it('writes the visible columns in their order, headed by their labels, with a BOM', () => {
    const state = { columnVisibility: { secret: false }, columnOrder: ['score', 'name', 'city'] };
    const csv = tableToCsv(table(state), people, ';');
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    expect(csv.rows).toBe(3);
    const [header, ...rows] = parseCsv(csv.text, ';');
    expect(header).toEqual(['Score', 'Name', 'City']);
    expect(rows).toEqual([
      ['10 pts', '\'=HYPERLINK("http://evil.example","x")', 'Москва'],
      ['30 pts', 'Анна "Аня" Смирнова', 'Lyon; Paris'],
      ['20 pts', "'@SUM(1)", "'-Minus"],
    ]);
    // RFC 4180: a cell with the delimiter or quotes is quoted, quotes doubled.
    expect(csv.text).toContain('"Lyon; Paris"');
    expect(csv.text).toContain('"Анна ""Аня"" Смирнова"');
  });

  it('writes the rows shown, in their order, and nothing else', () => {
    const shown = [people[2], people[0]].filter((person) => person !== undefined);
    const csv = tableToCsv(table({ columnVisibility: { city: false, secret: false } }), shown, ',');
    expect(parseCsv(csv.text, ',')).toEqual([
      ['Name', 'Score'],
      ["'@SUM(1)", '20 pts'],
      ['\'=HYPERLINK("http://evil.example","x")', '10 pts'],
    ]);
    expect(csv.rows).toBe(2);
  });
});

describe('tableToCsv: leading columns and export headers', () => {
  it('writes the leading columns first, shown or not, then the other visible columns', () => {
    const csv = tableToCsv(table({ columnVisibility: { secret: false, name: false } }), people, ',', {
      leadingColumnIds: ['secret', 'name'],
    });
    const [header, first] = parseCsv(csv.text, ',');
    expect(header).toEqual(['Secret', 'Name', 'City', 'Score']);
    expect(first).toEqual(['s1', '\'=HYPERLINK("http://evil.example","x")', 'Москва', '10 pts']);
  });

  it('heads a column with its export header where it has one, and keeps numbers numbers', () => {
    const withUnits: Array<ColumnDef<Person>> = [
      { id: 'name', accessorFn: (row) => row.name, header: 'Name' },
      {
        id: 'score',
        accessorFn: (row) => -row.score,
        header: 'Score',
        meta: { exportHeader: 'Score (points)' },
      },
    ];
    const instance = createTable<Person>({
      data: people,
      columns: withUnits,
      getCoreRowModel: getCoreRowModel(),
      state: { columnVisibility: {}, columnOrder: [], columnPinning: {} },
      onStateChange: () => undefined,
      renderFallbackValue: null,
    });
    const text = tableToCsv(instance, people, ';').text;
    expect(text.split('\r\n')[0]).toBe('\uFEFFName;Score (points)');
    expect(parseCsv(text, ';').map((row) => row[1])).toEqual(['Score (points)', '-10', '-30', '-20']);
  });
});
