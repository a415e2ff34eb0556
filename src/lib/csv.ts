// CSV for spreadsheets: RFC 4180 quoting, CRLF, a BOM, formulas neutralised, numbers and dates they read as such.

import * as z from 'zod/mini';
import { dateTimeFormat, parseTimestamp } from './format';
import { readStored, writeStored } from './storage';

export type CsvDelimiter = ',' | ';';
export type CsvCell = string | number | boolean | null | undefined;

const BOM = '\uFEFF';

const DELIMITER_KEY = 'csv-delimiter';
const delimiterSchema = z.enum([',', ';']);

/**
 * The delimiter chosen last in this browser, else a guess: Excel splits CSV on the region's list separator, a semicolon
 * where the decimal mark is a comma (most of Europe, Russia), so the guess follows the browser's number format.
 */
export function preferredDelimiter(): CsvDelimiter {
  const chosen = readStored(DELIMITER_KEY, delimiterSchema);
  if (chosen !== null) return chosen;
  const decimal = new Intl.NumberFormat().formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

export function rememberDelimiter(delimiter: CsvDelimiter): void {
  writeStored(DELIMITER_KEY, delimiter);
}

/**
 * Text that starts with one of these can run as a formula in Excel or LibreOffice (OWASP "CSV injection",
 * ASVS 1.2.10): = + - @, tab or carriage return, also after leading whitespace (spreadsheets trim it on import, and
 * Excel reads " =1+1" as a formula when it is typed again), and their full-width forms ＝ ＋ － ＠, which an IME
 * produces and some spreadsheets take for the ASCII ones. A leading single quote makes the spreadsheet read it as
 * text.
 */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Either delimiter, a quote or a line break: a file opened with the other delimiter must not split the cell either. */
const NEEDS_QUOTES = /[,;"\r\n]/;

export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * A number as a spreadsheet reads it: no grouping, a minus sign, and the decimal mark of the regions using this
 * delimiter (see preferredDelimiter): 12,5 with semicolons, 12.5 with commas. NaN or infinity is empty.
 */
export function formatCsvNumber(value: number, delimiter: CsvDelimiter): string {
  if (!Number.isFinite(value)) return '';
  const text = String(value);
  return delimiter === ';' ? text.replace('.', ',') : text;
}

/**
 * One cell. Numbers stay numbers, negative ones too: the formula guard is for text, where a leading "-" or "=" is
 * someone's input. A cell holding either delimiter, a quote, a line break or space at an end is quoted, quotes doubled.
 */
export function formatCell(cell: CsvCell, delimiter: CsvDelimiter): string {
  if (cell === null || cell === undefined) return '';
  const text =
    typeof cell === 'number'
      ? formatCsvNumber(cell, delimiter)
      : typeof cell === 'boolean'
        ? String(cell)
        : neutralizeFormula(cell);
  const needsQuotes = NEEDS_QUOTES.test(text) || text !== text.trim();
  return needsQuotes ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<readonly CsvCell[]>,
  delimiter: CsvDelimiter,
): string {
  const lines = [header, ...rows].map((row) => row.map((cell) => formatCell(cell, delimiter)).join(delimiter));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** The time zone dates are written in: the user's, unless a test pins one. */
export function localTimeZone(): string {
  return dateTimeFormat(undefined, {}).resolvedOptions().timeZone;
}

/** `YYYY-MM-DD HH:MM` in the user's (or `timeZone`'s) time, which spreadsheets read as a date anywhere; else null. */
export function csvDateTime(iso: string | null | undefined, timeZone?: string): string | null {
  const time = parseTimestamp(iso);
  if (time === null) return null;
  const parts = dateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** A file name part: letters and digits of any script, lower case, everything else one hyphen. */
function fileNamePart(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const MAX_FILE_NAME_PARTS_LENGTH = 120;

/** `course-101-overdue-2026-11-25.csv`: the parts, safe for any file system (cut if too long), then the user's day. */
export function csvFileName(parts: readonly string[], now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const named = parts
    .map(fileNamePart)
    .filter((part) => part !== '')
    .join('-')
    .slice(0, MAX_FILE_NAME_PARTS_LENGTH)
    .replace(/-+$/, '');
  return `${named === '' ? 'export' : named}-${day}.csv`;
}

/** Reads CSV produced by toCsv (or any RFC 4180 text) back into rows; used to check exports. */
export function parseCsv(text: string, delimiter: CsvDelimiter): string[][] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && source[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Hands the text to the browser as a file download; nothing is fetched. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
