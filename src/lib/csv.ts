// CSV the way spreadsheet users need it: RFC 4180 quoting, CRLF, a UTF-8 BOM, and formula cells neutralised.

export type CsvDelimiter = ',' | ';';
export type CsvCell = string | number | boolean | null | undefined;

const BOM = '\uFEFF';

/**
 * A cell that starts with one of these can run as a formula in Excel or LibreOffice (OWASP "CSV injection",
 * ASVS 1.2.10); a leading single quote makes the spreadsheet read it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function formatCell(cell: CsvCell, delimiter: CsvDelimiter): string {
  if (cell === null || cell === undefined) return '';
  const text = neutralizeFormula(String(cell));
  const needsQuotes = text.includes(delimiter) || /["\r\n]/.test(text) || text !== text.trim();
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

/** `course-42-stats-2026-11-21.csv`, dated in the user's time zone. */
export function csvFileName(courseId: number, now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  return `course-${courseId}-stats-${day}.csv`;
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
