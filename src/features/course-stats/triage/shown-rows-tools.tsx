import type { CourseStat } from '@contract';
import type { Table } from '@tanstack/react-table';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { CopyButton } from '@/components/copy-button';
import type { CsvDelimiter } from '@/lib/csv';
import { readDelimiter, storeDelimiter } from './csv-delimiter';
import { collectEmails, mailtoLink } from './learner-contact';
import { useCatalog } from '@/lib/i18n';
import { triageCatalogs } from './strings';

export interface ShownRowsToolsProps {
  courseId: number;
  table: Table<CourseStat>;
  /** The rows shown, in the table's order. */
  rows: readonly CourseStat[];
  /** Whole-course loading has not finished: more rows may exist than these. */
  partial: boolean;
  /** More tools on the same toolbar, after the export (the columns menu). */
  children?: ReactNode;
}

/** What can be done with the rows shown, on one toolbar: copy their addresses, write to them, export them. */
export function ShownRowsTools({ courseId, table, rows, partial, children }: ShownRowsToolsProps) {
  const texts = useCatalog(triageCatalogs);
  const contacts = useMemo(() => collectEmails(rows), [rows]);
  const mailto = mailtoLink(contacts.emails);
  const mailReasonId = useId();
  return (
    <div className="course-stats-tools" role="group" aria-label={texts.toolsLabel}>
      <CopyButton
        label={texts.copyEmails}
        disabled={contacts.emails.length === 0}
        getText={() => contacts.emails.join('\n')}
        copiedMessage={() => texts.copiedEmails(contacts.emails.length, contacts.invalid)}
        failedMessage={texts.copyFailed}
        fallbackLabel={texts.copyFallbackLabel}
      />
      <span className="course-stats-mailto">
        {mailto.href !== null ? (
          <a className="button" href={mailto.href} aria-describedby={mailReasonId}>
            {texts.emailLearners}
          </a>
        ) : (
          // Not a dead link: it says why it does nothing, and stays reachable so the reason can be read.
          <a className="button" role="link" aria-disabled="true" tabIndex={0} aria-describedby={mailReasonId}>
            {texts.emailLearners}
          </a>
        )}
        <span id={mailReasonId} className="muted field-hint">
          {mailto.href !== null
            ? texts.mailtoBcc(contacts.emails.length)
            : mailto.reason === 'none'
              ? texts.mailtoNone
              : texts.mailtoTooLong(contacts.emails.length)}
        </span>
      </span>
      <ExportControls courseId={courseId} table={table} shown={rows.length} partial={partial} />
      {children}
    </div>
  );
}

function ExportControls({
  courseId,
  table,
  shown,
  partial,
}: {
  courseId: number;
  table: Table<CourseStat>;
  shown: number;
  partial: boolean;
}) {
  const texts = useCatalog(triageCatalogs);
  const [delimiter, setDelimiter] = useState<CsvDelimiter>(readDelimiter);
  const [message, setMessage] = useState('');
  const selectId = useId();
  const scopeId = useId();

  const exportCsv = async () => {
    try {
      // The CSV code loads on first use. Nothing is fetched: the file is the rows already on screen.
      const [{ tableToCsv }, { csvFileName, downloadText }] = await Promise.all([
        import('@/components/data-table/table-csv'),
        import('@/lib/csv'),
      ]);
      const csv = tableToCsv(table, delimiter);
      const fileName = csvFileName(courseId);
      downloadText(csv.text, fileName);
      setMessage(texts.exported(csv.rows, fileName));
    } catch {
      setMessage(texts.exportFailed);
    }
  };

  return (
    <span className="course-stats-export">
      <span className="field course-stats-delimiter">
        <label htmlFor={selectId}>{texts.delimiter}</label>
        <select
          id={selectId}
          value={delimiter}
          onChange={(event) => {
            const next: CsvDelimiter = event.target.value === ';' ? ';' : ',';
            setDelimiter(next);
            storeDelimiter(next);
          }}
        >
          <option value=",">{texts.delimiterComma}</option>
          <option value=";">{texts.delimiterSemicolon}</option>
        </select>
      </span>
      <button type="button" className="button" aria-describedby={scopeId} onClick={() => void exportCsv()}>
        {texts.exportCsv}
      </button>
      <span id={scopeId} className="muted field-hint">
        {texts.exportScope(shown, partial)}
      </span>
      <span role="status" className="course-stats-export-status">
        {message}
      </span>
    </span>
  );
}
