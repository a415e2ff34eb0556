import * as z from 'zod/mini';
import type { CsvDelimiter } from '@/lib/csv';
import { readStored, writeStored } from '@/lib/storage';

const STORAGE_KEY = 'csv-delimiter';
const delimiterSchema = z.enum([',', ';']);

/**
 * Excel splits CSV on the list separator of the system's region, which is a semicolon where the decimal mark
 * is a comma (most of Europe, Russia): the first guess follows the browser's number format.
 */
export function defaultDelimiter(locale?: string): CsvDelimiter {
  const decimal = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value;
  return decimal === ',' ? ';' : ',';
}

export function readDelimiter(): CsvDelimiter {
  return readStored(STORAGE_KEY, delimiterSchema) ?? defaultDelimiter();
}

export function storeDelimiter(delimiter: CsvDelimiter): void {
  writeStored(STORAGE_KEY, delimiter);
}
