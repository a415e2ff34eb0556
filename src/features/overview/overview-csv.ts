import type { HealthColumn } from '@/course/health-order';
import { csvDateTime, csvFileName, toCsv, type CsvCell, type CsvDelimiter } from '@/lib/csv';
import { HEALTH_COLUMNS, SORT_COLUMNS } from './overview-url';
import type { OverviewTexts } from './strings';
import type { OverviewRow } from './use-overview-order';

type Figure = Exclude<HealthColumn, 'name'>;
const isFigure = (column: HealthColumn): column is Figure => column !== 'name';

/** Percentages to one decimal: 33.3 reads better in a spreadsheet than 33.33333333333333, and sums the same. */
const oneDecimal = (value: number | null): number | null => (value === null ? null : Math.round(value * 10) / 10);

/** A figure as the file writes it; empty where it is not known (not read, or nothing kept to compare with). */
function figureCell({ state }: OverviewRow, column: Figure, timeZone: string | undefined): CsvCell {
  const { health, since } = state;
  switch (column) {
    case 'newLearners':
    case 'newlyPassed':
      return since?.[column] ?? null;
    case 'completedPercent':
    case 'passedPercent':
    case 'averageProgress':
      return health === null ? null : oneDecimal(health[column]);
    case 'lastActivity': {
      const time = health?.lastActivity ?? null;
      return time === null ? null : csvDateTime(new Date(time).toISOString(), timeZone);
    }
    default:
      return health === null ? null : health[column];
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
 * table's columns (with "Since your last visit" while compared) and the state of each course's figures. A course not
 * read yet has empty figure cells. Names go through the export's formula guard (lib/csv.ts) like every other text.
 */
export function overviewCsv(
  rows: readonly OverviewRow[],
  {
    texts,
    comparing,
    delimiter,
    timeZone,
  }: { texts: OverviewTexts; comparing: boolean; delimiter: CsvDelimiter; timeZone?: string },
): string {
  const figures = (comparing ? SORT_COLUMNS : HEALTH_COLUMNS).filter(isFigure);
  const header = [
    texts.csvCourseId,
    texts.columns.name,
    ...figures.map((column) => texts.columns[column]),
    texts.csvState,
  ];
  const body = rows.map((row) => [
    row.id,
    row.course.name,
    ...figures.map((column) => figureCell(row, column, timeZone)),
    stateCell(row, texts),
  ]);
  return toCsv(header, body, delimiter);
}

/** `courses-2026-12-02.csv`, or `courses-search-petrova-2026-12-02.csv` for a search's matches. */
export function overviewFileName(query: string, now?: Date): string {
  const trimmed = query.trim();
  return csvFileName(trimmed === '' ? ['courses'] : ['courses', `search-${trimmed}`], now);
}
