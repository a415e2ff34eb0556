import type { CourseHealth } from '@/course/course-health';
import { csvDateTime, csvFileName, toCsv, type CsvCell, type CsvDelimiter } from '@/lib/csv';
import { HEALTH_COLUMNS } from './overview-url';
import type { OverviewTexts } from './strings';
import type { OverviewRow } from './use-overview-order';

type Figure = Exclude<(typeof HEALTH_COLUMNS)[number], 'name'>;
const FIGURES = HEALTH_COLUMNS.filter((column): column is Figure => column !== 'name');

/** Percentages to one decimal: 33.3 reads better in a spreadsheet than 33.33333333333333, and sums the same. */
const oneDecimal = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);

function figureCell(health: CourseHealth, column: Figure, timeZone: string | undefined): CsvCell {
  switch (column) {
    case 'completedPercent':
    case 'passedPercent':
    case 'averageProgress':
      return oneDecimal(health[column]);
    case 'lastActivity':
      return health.lastActivity === null ? null : csvDateTime(new Date(health.lastActivity).toISOString(), timeZone);
    default:
      return health[column];
  }
}

/** What the last column says of a course: read, or why its figures are empty (never zeros in their place). */
function stateCell({ state }: OverviewRow, texts: OverviewTexts): string {
  if (state.health !== null) return texts.csvRead;
  if (state.state === 'failed' && state.reason !== null) return texts.failed(state.reason);
  return state.state === 'reading' ? texts.reading : texts.notRead;
}

/**
 * The overview as CSV: the rows in the order shown (the search and the sort applied), Course ID first, then the
 * table's columns and the state of each course's figures. A course not read yet has empty figure cells. Names go
 * through the export's formula guard (lib/csv.ts) like every other exported text.
 */
export function overviewCsv(
  rows: readonly OverviewRow[],
  texts: OverviewTexts,
  delimiter: CsvDelimiter,
  timeZone?: string,
): string {
  const header = [texts.csvCourseId, texts.columns.name, ...FIGURES.map((column) => texts.columns[column])];
  const body = rows.map((row) => {
    const { health } = row.state;
    const figures = FIGURES.map((column) => (health === null ? null : figureCell(health, column, timeZone)));
    return [row.id, row.course.name, ...figures, stateCell(row, texts)];
  });
  return toCsv([...header, texts.csvState], body, delimiter);
}

/** `courses-2026-12-02.csv`, or `courses-search-petrova-2026-12-02.csv` for a search's matches. */
export function overviewFileName(query: string, now?: Date): string {
  const trimmed = query.trim();
  return csvFileName(trimmed === '' ? ['courses'] : ['courses', `search-${trimmed}`], now);
}
