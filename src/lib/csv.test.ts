// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { csvDateTime, csvFileName, formatCell, formatCsvNumber, neutralizeFormula, parseCsv, toCsv } from './csv';

describe('neutralizeFormula', () => {
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'])('prefixes %j with a quote', (value) => {
    expect(neutralizeFormula(value)).toBe(`'${value}`);
  });

  it.each(['Анна', 'a=b', '1-2', ' a=x', 'Ｘ＝1', '', '   '])('leaves %j alone', (value) => {
    expect(neutralizeFormula(value)).toBe(value);
  });

  it.each([
    ['a space before =', ' =SUM(A1)'],
    ['spaces before +', '   +1'],
    ['a tab and a space before -', '\t -2+3'],
    ['a line break before @', '\n@cmd'],
    ['a no-break space before =', '\u00a0=1+1'],
    ['an ideographic space before =', '\u3000=1+1'],
    ['a full-width =', '＝SUM(A1)'],
    ['a full-width +', '＋1'],
    ['a full-width -', '－2+3'],
    ['a full-width @', '＠cmd'],
    ['a space before a full-width =', ' ＝1+1'],
  ])('prefixes a formula after %s with a quote', (_label, value) => {
    expect(neutralizeFormula(value)).toBe(`'${value}`);
  });

  it('writes a neutralised cell that reads back whole, its whitespace kept', () => {
    expect(formatCell(' =1+1', ',')).toBe("' =1+1");
    expect(parseCsv(toCsv(['a', 'b'], [[' =1+1', '＝1+1']], ','), ',')).toEqual([
      ['a', 'b'],
      ["' =1+1", "'＝1+1"],
    ]);
  });
});

describe('formatCell', () => {
  it('quotes a cell holding either delimiter, a quote or a line break, whatever the delimiter', () => {
    for (const delimiter of [',', ';'] as const) {
      expect(formatCell('a,b', delimiter)).toBe('"a,b"');
      expect(formatCell('a;b', delimiter)).toBe('"a;b"');
      expect(formatCell('say "hi"', delimiter)).toBe('"say ""hi"""');
      expect(formatCell('two\nlines', delimiter)).toBe('"two\nlines"');
      expect(formatCell('cr\rhere', delimiter)).toBe('"cr\rhere"');
      expect(formatCell(' padded', delimiter)).toBe('" padded"');
      expect(formatCell('plain', delimiter)).toBe('plain');
    }
  });

  it('writes empty cells for null and undefined, and booleans as words', () => {
    expect(formatCell(null, ',')).toBe('');
    expect(formatCell(undefined, ',')).toBe('');
    expect(formatCell(true, ',')).toBe('true');
  });

  it('keeps numbers numbers, negative ones included: the formula guard is for text', () => {
    expect(formatCell(-5, ',')).toBe('-5');
    expect(formatCell(-5, ';')).toBe('-5');
    expect(formatCell(0, ',')).toBe('0');
    expect(formatCell(12.5, ',')).toBe('12.5');
    expect(formatCell(-0.25, ',')).toBe('-0.25');
    // The same text is someone's input, and is guarded.
    expect(formatCell('-5', ',')).toBe("'-5");
  });

  it('writes the decimal mark of the regions that split on semicolons', () => {
    expect(formatCsvNumber(12.5, ';')).toBe('12,5');
    expect(formatCsvNumber(12.5, ',')).toBe('12.5');
    expect(formatCsvNumber(1234567, ';')).toBe('1234567');
    // "12,5" holds a comma: quoted, so a file opened with commas keeps it whole.
    expect(formatCell(12.5, ';')).toBe('"12,5"');
    expect(formatCell(Number.NaN, ',')).toBe('');
    expect(formatCell(Number.POSITIVE_INFINITY, ';')).toBe('');
  });

  it('neutralises and quotes a formula that also carries a delimiter', () => {
    expect(formatCell('=HYPERLINK("http://x","y")', ',')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(formatCell('=1;2', ',')).toBe('"\'=1;2"');
  });
});

describe('toCsv', () => {
  it('starts with a BOM, uses CRLF and round-trips through parseCsv', () => {
    const text = toCsv(
      ['User', 'Email', 'Score'],
      [
        ['Анна "Аня" Смирнова', 'a@x.ru', -3],
        ['=1+1', null, 2.5],
        ['Lyon, Paris; Nice', 'b@x.ru', 0],
      ],
      ';',
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    expect(text.split('\r\n')[1]).toBe('"Анна ""Аня"" Смирнова";a@x.ru;-3');
    expect(parseCsv(text, ';')).toEqual([
      ['User', 'Email', 'Score'],
      ['Анна "Аня" Смирнова', 'a@x.ru', '-3'],
      ["'=1+1", '', '2,5'],
      ['Lyon, Paris; Nice', 'b@x.ru', '0'],
    ]);
  });
});

describe('csvDateTime', () => {
  it('writes YYYY-MM-DD HH:MM in the given time zone, on the 24-hour clock', () => {
    expect(csvDateTime('2026-11-25T09:05:00Z', 'UTC')).toBe('2026-11-25 09:05');
    expect(csvDateTime('2026-11-25T09:05:00Z', 'Europe/Moscow')).toBe('2026-11-25 12:05');
    expect(csvDateTime('2026-11-25T22:30:00Z', 'Asia/Tokyo')).toBe('2026-11-26 07:30');
    expect(csvDateTime('2026-11-25T00:00:00+03:00', 'Europe/Moscow')).toBe('2026-11-25 00:00');
    expect(csvDateTime('2026-07-01T12:00:00Z', 'America/New_York')).toBe('2026-07-01 08:00');
  });

  it('gives no value for no date', () => {
    expect(csvDateTime(null)).toBeNull();
    expect(csvDateTime(undefined)).toBeNull();
    expect(csvDateTime('')).toBeNull();
    expect(csvDateTime('not a date')).toBeNull();
  });
});

describe('csvFileName', () => {
  it('names the file by what it holds and the local day', () => {
    expect(csvFileName(['course-101', 'overdue'], new Date(2026, 10, 25, 23, 59))).toBe(
      'course-101-overdue-2026-11-25.csv',
    );
    expect(csvFileName(['course 42'], new Date(2026, 0, 5))).toBe('course-42-2026-01-05.csv');
  });

  it('keeps letters of any script and makes everything else safe', () => {
    expect(csvFileName(['course-7', 'search', 'Анна / "Смирнова"', '../x'], new Date(2026, 0, 5))).toBe(
      'course-7-search-анна-смирнова-x-2026-01-05.csv',
    );
    expect(csvFileName(['', '***'], new Date(2026, 0, 5))).toBe('export-2026-01-05.csv');
    expect(csvFileName(['a'.repeat(500)], new Date(2026, 0, 5))).toHaveLength(120 + '-2026-01-05.csv'.length);
  });
});
