import type { CourseStat } from '@contract';
import type { Table } from '@tanstack/react-table';
import { useId, useMemo, type ReactNode } from 'react';
import { CopyButton } from '@/components/copy-button';
import type { CourseStatsSearch } from '../params/course-stats-search';
import { ExportControls } from './export-controls';
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
  /** The view shown: the export's file name says its filters. */
  search: CourseStatsSearch;
  /** More tools on the same toolbar, after the export (the columns menu). */
  children?: ReactNode;
  /** For the button that shows and hides the toolbar (on a phone, "Filters and tools"). */
  id?: string;
  hidden?: boolean;
}

/**
 * What can be done with the rows shown, on one toolbar: copy their addresses, write to them, export them. A phone
 * wraps the toolbar, and keeps it behind "Filters and tools" (with the quick filters) so the learners still come
 * on the first screen.
 */
export function ShownRowsTools({ courseId, table, rows, partial, search, children, id, hidden }: ShownRowsToolsProps) {
  const texts = useCatalog(triageCatalogs);
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
      {children}
    </div>
  );
}
