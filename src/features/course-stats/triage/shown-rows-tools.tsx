import type { CourseStat } from '@contract';
import type { Table } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { CopyButton } from '@/components/copy-button';
import { DataTableColumnMenu } from '@/components/data-table/data-table-column-menu';
import { LabelledSelect } from '@/components/labelled-select';
import { csvFileName, downloadText, preferredDelimiter, rememberDelimiter, type CsvDelimiter } from '@/lib/csv';
import { useCatalog } from '@/lib/i18n';
import { loadChunkOnce } from '@/lib/load-chunk';
import type { ColumnId } from '../fields/fields';
import type { CourseStatsSearch } from '../params/course-stats-search';
import { tableCatalogs } from '../table/strings';
import { collectEmails, mailtoLink } from './learner-contact';
import { triageCatalogs } from './strings';

/** Written first in every export, shown or not: support staff paste them into other systems. */
const EXPORT_LEADING_COLUMNS: readonly ColumnId[] = ['user_id', 'user_email'];

type ExportedView = Pick<CourseStatsSearch, 'userId' | 'courseSessionId' | 'quick' | 'q' | 'all' | 'page'>;

/**
 * What the file name says about the rows: the course, each filter of the view (user, session, quick filters, search)
 * and the page past the first; with the day (see csvFileName): `course-101-overdue-2026-11-25.csv`.
 */
export function exportFileNameParts(courseId: number, view: ExportedView): string[] {
  const parts = [`course-${courseId}`];
  if (view.userId !== undefined) parts.push(`user-${view.userId}`);
  if (view.courseSessionId !== undefined) parts.push(`session-${view.courseSessionId}`);
  for (const id of view.quick) parts.push(id.replaceAll('_', '-'));
  if (view.q !== '') parts.push(`search-${view.q}`);
  if (!view.all && view.page > 1) parts.push(`page-${view.page}`);
  return parts;
}

// The table-to-CSV code loads on first use; where it cannot load, the export says it failed.
const loadCsvCode = loadChunkOnce(() => import('@/components/data-table/table-csv'), { attempts: 1 });

/** The delimiter (remembered) and Export CSV of the rows shown, User ID and Email first; nothing is fetched. */
function ExportControls({ courseId, table, rows, search, partial }: Omit<ShownRowsToolsProps, 'id' | 'hidden'>) {
  const texts = useCatalog(triageCatalogs);
  const [delimiter, setDelimiter] = useState<CsvDelimiter>(preferredDelimiter);
  const [message, setMessage] = useState('');
  const scopeId = useId();

  const exportCsv = async () => {
    try {
      const { tableToCsv } = await loadCsvCode();
      const csv = tableToCsv(table, rows, delimiter, { leadingColumnIds: EXPORT_LEADING_COLUMNS });
      const fileName = csvFileName(exportFileNameParts(courseId, search));
      downloadText(csv.text, fileName);
      setMessage(texts.exported(csv.rows, fileName));
    } catch {
      setMessage(texts.exportFailed);
    }
  };

  return (
    <span className="course-stats-export">
      <span className="field course-stats-delimiter">
        <LabelledSelect
          label={texts.delimiter}
          value={delimiter}
          options={[
            { value: ',', label: texts.delimiterComma },
            { value: ';', label: texts.delimiterSemicolon },
          ]}
          onChange={(next) => {
            setDelimiter(next);
            rememberDelimiter(next);
          }}
        />
      </span>
      <button type="button" className="button" aria-describedby={scopeId} onClick={() => void exportCsv()}>
        {texts.exportCsv}
      </button>
      {/* The button's description, for screen readers: the rows it exports are those the table shows. */}
      <span id={scopeId} className="muted field-hint visually-hidden">
        {texts.exportScope(rows.length, partial)}
      </span>
      <span role="status" className="course-stats-export-status">
        {message}
      </span>
    </span>
  );
}

export interface FiltersAndToolsToggleProps {
  open: boolean;
  onToggle: () => void;
  /** The ids of what it shows and hides: the quick filters and the toolbar. */
  controls: string;
  /** How many quick filters are on, said in its name while the filters are out of sight. */
  filtersOn: number;
}

/** A phone's one button for the quick filters and the tools: folded, the first learners come on the first screen. */
export function FiltersAndToolsToggle({ open, onToggle, controls, filtersOn }: FiltersAndToolsToggleProps) {
  const texts = useCatalog(triageCatalogs);
  return (
    <button
      type="button"
      className="button course-stats-tools-toggle"
      aria-expanded={open}
      aria-controls={controls}
      data-filters-on={filtersOn > 0 || undefined}
      onClick={onToggle}
    >
      <span aria-hidden="true" className="course-stats-tools-toggle-icon">
        {open ? '▾' : '▸'}
      </span>{' '}
      {texts.filtersAndTools(filtersOn)}
    </button>
  );
}

export interface ShownRowsToolsProps {
  courseId: number;
  table: Table<CourseStat>;
  /** The rows shown, in the table's order: what is copied, mailed and exported. */
  rows: readonly CourseStat[];
  /** Whole-course loading has not finished: more rows may exist than these. */
  partial: boolean;
  /** The view shown: the export's file name says its filters. */
  search: CourseStatsSearch;
  /** For the button that shows and hides the toolbar (on a phone, "Filters and tools"). */
  id?: string;
  hidden?: boolean;
}

/**
 * What can be done with the rows shown, on one toolbar: copy their addresses, write to them, export them, and the
 * Columns menu. A phone wraps it, behind "Filters and tools" (with the quick filters), so the learners come first.
 */
export function ShownRowsTools({ courseId, table, rows, partial, search, id, hidden }: ShownRowsToolsProps) {
  const texts = useCatalog(triageCatalogs);
  const tableTexts = useCatalog(tableCatalogs);
  const contacts = useMemo(() => collectEmails(rows), [rows]);
  const mailto = mailtoLink(contacts.emails);
  const mailReasonId = useId();
  return (
    <div id={id} className="course-stats-tools" role="group" aria-label={texts.toolsLabel} hidden={hidden}>
      <CopyButton
        label={texts.copyEmails}
        disabled={contacts.emails.length === 0}
        getText={() => contacts.emails.join('\n')}
        copiedMessage={() => texts.copiedEmails(contacts.emails.length, contacts.invalid)}
        failedMessage={texts.copyFailed}
        fallbackLabel={texts.copyFallbackLabel}
      />
      <span className="course-stats-mailto">
        {/* Without an address to mail, not a dead link: it says why it does nothing, and stays reachable so the
            reason can be read. */}
        <a
          className="button"
          aria-describedby={mailReasonId}
          {...(mailto.href !== null ? { href: mailto.href } : { role: 'link', 'aria-disabled': true, tabIndex: 0 })}
        >
          {texts.emailLearners}
        </a>
        {/* The link's description; only the reason it does nothing stays in view. */}
        <span
          id={mailReasonId}
          className={mailto.href !== null ? 'muted field-hint visually-hidden' : 'muted field-hint'}
        >
          {mailto.href !== null
            ? texts.mailtoBcc(contacts.emails.length)
            : mailto.reason === 'none'
              ? texts.mailtoNone
              : texts.mailtoTooLong(contacts.emails.length)}
        </span>
      </span>
      <ExportControls courseId={courseId} table={table} rows={rows} search={search} partial={partial} />
      <DataTableColumnMenu table={table} label={tableTexts.columnsMenu} resetLabel={tableTexts.resetColumns} />
    </div>
  );
}
