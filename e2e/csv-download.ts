import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parseCsv, type CsvDelimiter } from '../src/lib/csv';

export interface DownloadedCsv {
  name: string;
  bytes: Buffer;
  text: string;
  rows: string[][];
}

/** Clicks the export button (its name in the page's language) and reads the file it downloads. */
export async function downloadCsv(page: Page, delimiter: CsvDelimiter, button = 'Export CSV'): Promise<DownloadedCsv> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const file = await download;
  const bytes = await readFile(await file.path());
  const text = bytes.toString('utf8');
  return { name: file.suggestedFilename(), bytes, text, rows: parseCsv(text, delimiter) };
}

/** Today in the browser's time zone, as an export's file name writes it. */
export function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}
