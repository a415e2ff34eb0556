import type { CourseStat } from '@contract';
import { createRow, type Table } from '@tanstack/react-table';
import { cellContent, rowIdOf } from '@/components/data-table/data-table-row-cells';
import { Fact } from '@/components/fact';
import { MoreCards, useCardsShown } from '@/components/more-cards';
import { ProgressBar } from '@/components/progress-bar';
import { useCatalog } from '@/lib/i18n';
import { safeHttpUrl } from '@/lib/url-safety';
import { effectiveProgress } from '@/course/course-stat-status';
import { fieldCatalogs } from '../fields/strings';
import { tableCatalogs } from './strings';
import { CertificateCell, DeadlineCell, RelativeTime, StatusCell, UserCell } from './cells';

/** Cards rendered at first and per "Show more": a whole course can hold thousands of rows. */
export const CARDS_STEP = 50;

export interface CourseStatsCardsProps {
  table: Table<CourseStat>;
  /** The rows shown, in their order. */
  rows: readonly CourseStat[];
  /** Names the list, as the table's label names the table. */
  label: string;
  busy?: boolean;
}

/** A phone's view: a card per learner, in the table's order, with name (opening details), status, progress, dates. */
export function CourseStatsCards({ table, rows, label, busy = false }: CourseStatsCardsProps) {
  const words = useCatalog(fieldCatalogs);
  const texts = useCatalog(tableCatalogs);
  const cards = useCardsShown(rows, CARDS_STEP);
  const headers = words.columnHeaders;
  const change = table.getColumn('change');
  const changeColumn = change?.getIsVisible() ? change : undefined;
  return (
    <div className="course-stats-cards" aria-busy={busy} data-busy={busy || undefined}>
      <ul aria-label={label}>
        {cards.visible.map((stat, index) => {
          // A row object for this render only, as the whole-course table makes them (the cells take one).
          const row = createRow(table, rowIdOf(table, stat, index), stat, index, 0);
          return (
            <li key={row.id} className="course-stats-card">
              <div className="course-stats-card-head">
                {/* A name too long for the card ends in an ellipsis: the whole of it is in the tip and the details. */}
                <span className="course-stats-card-name" title={stat.username}>
                  <UserCell rowId={row.id} stat={stat} />
                </span>
                <StatusCell stat={stat} />
              </div>
              <div className="course-stats-card-progress">
                <ProgressBar
                  locale={words.locale}
                  value={effectiveProgress(stat)}
                  label={words.progressOf(stat.username)}
                />
                {/* A link when there is a certificate to open; the table's dash says nothing a card needs. */}
                {safeHttpUrl(stat.cert_file) !== null && <CertificateCell stat={stat} />}
              </div>
              <dl className="course-stats-card-facts">
                <Fact term={headers.deadline}>
                  <DeadlineCell stat={stat} />
                </Fact>
                <Fact term={headers.last_activity}>
                  <RelativeTime iso={stat.last_activity} />
                </Fact>
                {/* The Change column, while a comparison gives it and it is not hidden: the cards sort by it too. */}
                {changeColumn && <Fact term={headers.change}>{cellContent(table, row, changeColumn)}</Fact>}
              </dl>
            </li>
          );
        })}
      </ul>
      <MoreCards of={cards} texts={texts} className="course-stats-cards-more" />
    </div>
  );
}
