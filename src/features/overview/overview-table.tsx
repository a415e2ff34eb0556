import type { ColumnDef, SortingState, Updater } from '@tanstack/react-table';
import { memo, useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useDataTable } from '@/components/data-table/use-data-table';
import { VirtualDataTable } from '@/components/data-table/virtual-data-table';
import { MoreCards, useCardsShown } from '@/components/more-cards';
import type { CourseHealth, SinceColumn } from '@/course/course-health';
import type { HealthColumn } from '@/course/health-order';
import { formatDateTime, formatNumber, formatPercent, formatRelativeTime } from '@/lib/format';
import { CARD_FIGURES, CARDS_STEP, COMPARING_WIDTHS, ROW_HEIGHT, WIDTHS, type Figure } from './overview-layout';
import { HEALTH_COLUMNS, SINCE_COLUMNS, SORT_COLUMNS, type OverviewSort } from './overview-url';
import type { OverviewTexts } from './strings';
import type { OverviewRow } from './use-overview-order';

export interface CellContext {
  texts: OverviewTexts;
  locale: string;
  now: number;
  courseHref: (courseId: number) => string;
  onRetry: (courseId: number) => void;
  /** Something from an earlier visit is kept: the "Since your last visit" columns are shown. */
  comparing: boolean;
}

export function courseName(row: OverviewRow, texts: OverviewTexts): string {
  return row.course.name.trim() === '' ? texts.unnamed(row.id) : row.course.name;
}

function figureText(health: CourseHealth, column: Figure, { texts, locale, now }: CellContext): ReactNode {
  const value = health[column];
  switch (column) {
    case 'completedPercent':
    case 'passedPercent':
    case 'averageProgress':
      return formatPercent(value, locale);
    case 'lastActivity': {
      if (value === null) return <span className="muted">{texts.noActivity}</span>;
      const iso = new Date(value).toISOString();
      return (
        <time dateTime={iso} title={formatDateTime(iso, { locale })}>
          {formatRelativeTime(iso, now, locale)}
        </time>
      );
    }
    default:
      return formatNumber(value, locale, { maximumFractionDigits: 0 });
  }
}

/** "…" and its words for a figure not known yet, or "—" for one that cannot be. */
function missing(mark: '…' | '—', words: string): ReactNode {
  return (
    <span className="overview-unread">
      <span aria-hidden="true">{mark}</span>
      <span className="visually-hidden">{words}</span>
    </span>
  );
}

/**
 * What changed since the last visit: "…" until the course is read, a muted "—" where nothing was kept from an
 * earlier visit to compare with (never a 0).
 */
export function sinceCell(row: OverviewRow, column: SinceColumn, { texts, locale }: CellContext): ReactNode {
  const { since, state } = row.state;
  if (since === null)
    return missing(state === 'failed' ? '—' : '…', state === 'failed' ? texts.couldNotRead : texts.notRead);
  const value = since[column];
  return value === null ? missing('—', texts.nothingKept) : formatNumber(value, locale, { maximumFractionDigits: 0 });
}

/** A figure, or what stands in for it: "…" while not read (never a 0), a dash when it could not be read. */
export function figureCell(row: OverviewRow, column: Figure, context: CellContext): ReactNode {
  const { health, state, reason } = row.state;
  if (health !== null) return figureText(health, column, context);
  const failed = state === 'failed' && reason !== null;
  if (failed && column === 'learners') {
    return (
      <button
        type="button"
        className="button-link"
        aria-label={context.texts.retryCourse(courseName(row, context.texts))}
        onClick={() => context.onRetry(row.id)}
      >
        {context.texts.retry}
      </button>
    );
  }
  return failed ? missing('—', context.texts.couldNotRead) : missing('…', context.texts.notRead);
}

/** The course's name (its link) over its ID, or over why its health could not be read. */
export function nameCell(row: OverviewRow, { texts, courseHref }: CellContext): ReactNode {
  const { state, reason } = row.state;
  const note = state === 'failed' && reason !== null ? texts.failed(reason) : null;
  return (
    <span className="overview-name">
      <Link to={courseHref(row.id)}>{courseName(row, texts)}</Link>{' '}
      <span className={note === null ? 'muted' : 'overview-failed'} title={note ?? undefined}>
        {texts.courseId(row.id)}
        {note !== null && ` · ${note}`}
      </span>
    </span>
  );
}

const isSince = (column: HealthColumn): column is SinceColumn => SINCE_COLUMNS.some((since) => since === column);

function renderCell(row: OverviewRow, column: HealthColumn, context: CellContext): ReactNode {
  if (column === 'name') return nameCell(row, context);
  return isSince(column) ? sinceCell(row, column, context) : figureCell(row, column, context);
}

function overviewColumns(context: CellContext): Array<ColumnDef<OverviewRow>> {
  const [columns, widths] = context.comparing ? [SORT_COLUMNS, COMPARING_WIDTHS] : [HEALTH_COLUMNS, WIDTHS];
  return columns.map((column): ColumnDef<OverviewRow> => ({
    id: column,
    accessorFn: (row) => (column === 'name' ? row.name : isSince(column) ? row.since?.[column] : row.health?.[column]),
    // Names from A; figures from the most (the most overdue, the most recent activity).
    sortDescFirst: column !== 'name',
    meta: {
      label: context.texts.columns[column],
      width: widths[column],
      ...(column === 'name' ? { isRowHeader: true, clip: true } : { align: 'end' }),
      renderCell: (row) => renderCell(row.original, column, context),
    },
  }));
}

export interface OverviewTableProps {
  rows: OverviewRow[];
  sort: OverviewSort;
  onSortChange: (sort: OverviewSort) => void;
  context: CellContext;
  busy: boolean;
  /** The last row rendered: the rows in view are read first. */
  onRenderedEnd: (lastIndex: number) => void;
}

/**
 * The courses as a virtualised table: every column sorts by its header. Memoised, as the cards are: a keystroke
 * renders the page at once for the search box and then again for its results (a deferred value), and the first of
 * the two passes the same rows.
 */
export const OverviewTable = memo(function OverviewTable({
  rows,
  sort,
  onSortChange,
  context,
  busy,
  onRenderedEnd,
}: OverviewTableProps) {
  const columns = useMemo(() => overviewColumns(context), [context]);
  const sorting: SortingState = sort === null ? [] : [{ id: sort.column, desc: sort.desc }];
  const table = useDataTable<OverviewRow>({
    data: rows,
    columns,
    getRowId: (row) => String(row.id),
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      const column = SORT_COLUMNS.find((candidate) => candidate === next?.id);
      onSortChange(column && next ? { column, desc: next.desc } : null);
    },
  });
  return (
    <VirtualDataTable
      table={table}
      rows={rows}
      label={context.texts.tableLabel}
      rowHeight={ROW_HEIGHT}
      busy={busy}
      onRenderedEnd={onRenderedEnd}
    />
  );
});

export interface OverviewCardsProps {
  rows: readonly OverviewRow[];
  sort: OverviewSort;
  context: CellContext;
}

/** A phone's view: a card per course, its name and its figures, in the order chosen above. */
export const OverviewCards = memo(function OverviewCards({ rows, sort, context }: OverviewCardsProps) {
  const cards = useCardsShown(rows, CARDS_STEP);
  const { texts } = context;
  const sorted = sort === null || sort.column === 'name' || isSince(sort.column) ? null : sort.column;
  const figures = sorted === null || CARD_FIGURES.includes(sorted) ? CARD_FIGURES : [...CARD_FIGURES, sorted];
  return (
    <div className="overview-cards">
      <ul aria-label={texts.tableLabel}>
        {cards.visible.map((row) => (
          <li key={row.id} className="overview-card">
            <h3 className="overview-card-name">{nameCell(row, context)}</h3>
            <dl className="overview-card-facts">
              {figures.map((column) => (
                <div key={column}>
                  <dt>{texts.columns[column]}</dt>
                  <dd>{figureCell(row, column, context)}</dd>
                </div>
              ))}
              {context.comparing &&
                SINCE_COLUMNS.map((column) => {
                  // A card is small: what changed since the last visit only where something did.
                  const value = row.since?.[column] ?? null;
                  return value !== null && value > 0 ? (
                    <div key={column}>
                      <dt>{texts.columns[column]}</dt>
                      <dd>{formatNumber(value, context.locale, { maximumFractionDigits: 0 })}</dd>
                    </div>
                  ) : null;
                })}
            </dl>
          </li>
        ))}
      </ul>
      <MoreCards of={cards} texts={texts} className="overview-cards-more" />
    </div>
  );
});
