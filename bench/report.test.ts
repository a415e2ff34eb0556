import { describe, expect, it } from 'vitest';
import { benchCommand, replaceTableRow, rowCells, upsertSection, type BenchResult, type RowCells } from './report';

const result = (overrides: Partial<BenchResult>): BenchResult => ({
  id: 'sort',
  title: 'Sorting 10,000 rows by score (benchmark 2)',
  status: 'measured',
  date: '2026-11-29T10:00:00.000Z',
  commit: 'abc1234',
  what: 'Time to sort.',
  method: 'Clicks.',
  tables: [],
  targets: [{ name: 'sort 10,000 rows and show them, median', target: '≤ 100 ms', actual: '40.4 ms', met: true }],
  notes: [],
  ...overrides,
});

const TABLE = [
  '# Benchmarks',
  '',
  '| benchmark | command | target | latest figure | commit, date | met |',
  '|---|---|---|---|---|---|',
  '| Sort 10,000 rows (2) | `npm run bench -- --only=sort` | median ≤ 100 ms | 52.0 ms | 1111111, 2026-11-25 | met |',
  '| Scale (10) | `npm run bench -- --only=scale` | 50k ÷ 10k ≤ 5.5; heap ÷ bare page ≤ 2 | 4.22; 1.87 | 2222222, 2026-11-25 | met |',
  '',
  'A paragraph on noise.',
  '',
].join('\n');

describe('rowCells', () => {
  it('gives the figures in the order of the targets, the commit and day, and the verdict', () => {
    const cells = rowCells(
      result({
        targets: [
          { name: 'a', target: '≤ 1.3', actual: '1.55', met: false },
          { name: 'b', target: '0', actual: '0', met: true },
        ],
      }),
    );
    expect(cells).toEqual({
      targets: ['a ≤ 1.3', 'b 0'],
      figure: '1.55; 0',
      measured: 'abc1234, 2026-11-29',
      verdict: '**not met** (1 of 2 met)',
    });
    expect(rowCells(result({}))?.verdict).toBe('met');
    expect(rowCells(result({ targets: [{ name: 'a', target: '0', actual: '3', met: false }] }))?.verdict).toBe(
      '**not met**',
    );
  });

  it('uses the headline of a benchmark without targets, and gives no row for a failed run', () => {
    expect(rowCells(result({ targets: [], headline: 'two instances: 1.00×' }))).toMatchObject({
      targets: [],
      figure: 'two instances: 1.00×',
      verdict: 'no target',
    });
    expect(rowCells(result({ status: 'pending', targets: [] }))?.verdict).toBe('not measured');
    expect(rowCells(result({ status: 'failed', targets: [] }))).toBeNull();
  });
});

describe('replaceTableRow', () => {
  const cells: RowCells = {
    targets: ['one ≤ 100 ms'],
    figure: '38.0 ms',
    measured: 'abc1234, 2026-11-29',
    verdict: 'met',
  };

  it('rewrites the figure, commit, date and verdict of the row named by its command, and nothing else', () => {
    const next = replaceTableRow(TABLE, benchCommand('sort'), cells);
    expect(next).toBe(
      TABLE.replace(
        '| median ≤ 100 ms | 52.0 ms | 1111111, 2026-11-25 | met |',
        '| median ≤ 100 ms | 38.0 ms | abc1234, 2026-11-29 | met |',
      ),
    );
  });

  it('keeps a hand-written target that lists as many targets, and writes one from the names when it does not', () => {
    const two = { ...cells, targets: ['x ≤ 5.5', 'y ≤ 2'], figure: '4.30; 1.90' };
    expect(replaceTableRow(TABLE, benchCommand('scale'), two)).toContain(
      '| 50k ÷ 10k ≤ 5.5; heap ÷ bare page ≤ 2 | 4.30; 1.90 |',
    );
    const three = { ...cells, targets: ['x ≤ 5.5', 'y ≤ 2', 'z 0'], figure: '4.30; 1.90; 0' };
    expect(replaceTableRow(TABLE, benchCommand('scale'), three)).toContain('| x ≤ 5.5; y ≤ 2; z 0 | 4.30; 1.90; 0 |');
  });

  it('escapes pipes in what it writes', () => {
    expect(replaceTableRow(TABLE, benchCommand('sort'), { ...cells, figure: 'a | b' })).toContain('| a \\| b |');
  });

  it('gives null when there is no such row, more than one, or a row of another shape', () => {
    expect(replaceTableRow(TABLE, benchCommand('scroll'), cells)).toBeNull();
    const sortRow = TABLE.split('\n')[4] ?? '';
    expect(replaceTableRow(`${TABLE}\n${sortRow}\n`, benchCommand('sort'), cells)).toBeNull();
    expect(replaceTableRow('| x | `npm run bench -- --only=sort` | y |\n', benchCommand('sort'), cells)).toBeNull();
  });
});

describe('upsertSection', () => {
  const order = ['suite', 'whole-course', 'sort', 'scroll'];
  const marked = (id: string, body: string) => `<!-- bench:${id}:start -->\n${body}\n<!-- bench:${id}:end -->`;

  it('replaces the text between its markers and leaves the hand-written text around it', () => {
    const document = `# Notes\n\n${marked('sort', '## Sort\n\nold')}\n\n### By hand\n\nkept\n`;
    expect(upsertSection(document, 'sort', '## Sort\n\nnew\n', order)).toBe(
      `# Notes\n\n${marked('sort', '## Sort\n\nnew')}\n\n### By hand\n\nkept\n`,
    );
  });

  it('keeps text written by hand between its markers, outside them, before and after the section', () => {
    const stray = `## By hand\n\nnotes\n\n### More\n\nkept`;
    const document = `# Notes\n\n${marked('sort', `${stray}\n\n## Sort\n\nold\n\n## Also by hand\n\nkept too`)}\n`;
    expect(upsertSection(document, 'sort', '## Sort\n\nnew\n', order)).toBe(
      `# Notes\n\n${stray}\n\n${marked('sort', '## Sort\n\nnew')}\n\n## Also by hand\n\nkept too\n`,
    );
    // A section whose title changed: its old heading is the first one there.
    expect(upsertSection(`${marked('sort', '## Sorting\n\nold')}\n`, 'sort', '## Sort\n\nnew', order)).toBe(
      `${marked('sort', '## Sort\n\nnew')}\n`,
    );
  });

  it('puts a new section after the nearest one before it in the order, else before the next, else at the end', () => {
    const document = `# Notes\n\n${marked('whole-course', 'one')}\n\n${marked('scroll', 'three')}\n`;
    expect(upsertSection(document, 'sort', 'two', order)).toBe(
      `# Notes\n\n${marked('whole-course', 'one')}\n\n${marked('sort', 'two')}\n\n${marked('scroll', 'three')}\n`,
    );
    expect(upsertSection(`# Notes\n\n${marked('scroll', 'three')}\n`, 'sort', 'two', order)).toBe(
      `# Notes\n\n${marked('sort', 'two')}\n\n${marked('scroll', 'three')}\n`,
    );
    expect(upsertSection('# Notes\n', 'load', 'figures', ['load'])).toBe(`# Notes\n\n${marked('load', 'figures')}\n`);
  });
});
