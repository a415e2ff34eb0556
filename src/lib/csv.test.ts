import { describe, expect, it } from 'vitest';
import { csvFileName, formatCell, neutralizeFormula, parseCsv, toCsv } from './csv';

describe('neutralizeFormula', () => {
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'])('prefixes %j with a quote', (value) => {
    expect(neutralizeFormula(value)).toBe(`'${value}`);
  });

  it.each(['Анна', 'a=b', '1-2', ' =x', ''])('leaves %j alone', (value) => {
    expect(neutralizeFormula(value)).toBe(value);
  });
});

describe('formatCell', () => {
  it('quotes delimiters, quotes and line breaks per RFC 4180', () => {
    expect(formatCell('a,b', ',')).toBe('"a,b"');
    expect(formatCell('a,b', ';')).toBe('a,b');
    expect(formatCell('a;b', ';')).toBe('"a;b"');
    expect(formatCell('say "hi"', ',')).toBe('"say ""hi"""');
    expect(formatCell('two\nlines', ',')).toBe('"two\nlines"');
  });

  it('writes empty cells for null and undefined, and numbers and booleans as text', () => {
    expect(formatCell(null, ',')).toBe('');
    expect(formatCell(undefined, ',')).toBe('');
    expect(formatCell(12.5, ',')).toBe('12.5');
    expect(formatCell(true, ',')).toBe('true');
  });

  it('neutralises and quotes a formula that also carries a delimiter', () => {
    expect(formatCell('=HYPERLINK("http://x","y")', ',')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('toCsv', () => {
  it('starts with a BOM, uses CRLF and round-trips through parseCsv', () => {
    const text = toCsv(
      ['User', 'Email'],
      [
        ['Анна "Аня" Смирнова', 'a@x.ru'],
        ['=1+1', null],
      ],
      ';',
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    expect(parseCsv(text, ';')).toEqual([
      ['User', 'Email'],
      ['Анна "Аня" Смирнова', 'a@x.ru'],
      ["'=1+1", ''],
    ]);
  });
});

describe('csvFileName', () => {
  it('names the file by course and local date', () => {
    expect(csvFileName(42, new Date(2026, 0, 5, 23, 59))).toBe('course-42-stats-2026-01-05.csv');
  });
});
