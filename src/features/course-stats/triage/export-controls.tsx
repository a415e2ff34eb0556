import type { CourseStat } from '@contract';
import type { Table } from '@tanstack/react-table';
import { useId, useState } from 'react';
import { csvFileName, downloadText, type CsvDelimiter } from '@/lib/csv';
import { useCatalog } from '@/lib/i18n';
import { loadChunkOnce } from '@/lib/load-chunk';
import type { CourseStatsSearch } from '../params/course-stats-search';
import { readDelimiter, storeDelimiter } from './csv-delimiter';
import { EXPORT_LEADING_COLUMNS, exportFileNameParts } from './csv-export';
import { triageCatalogs } from './strings';

// The table-to-CSV code loads on first use; where it cannot load, the export says it failed.
const loadCsvCode = loadChunkOnce(() => import('@/components/data-table/table-csv'), { attempts: 1 });

export interface ExportControlsProps {
  courseId: number;
  table: Table<CourseStat>;
  /** The rows shown, in their order: what the file holds. */
  rows: readonly CourseStat[];
  /** The view exported: its filters name the file. */
  search: CourseStatsSearch;
  /** Whole-course loading has not finished: more rows may exist than those shown. */
  partial: boolean;
}

/**
 * The delimiter (remembered in this browser) and Export CSV: the rows shown, in their order, User ID and Email
 * first, then the visible columns. Nothing is fetched: the file is the rows already on screen.
 */
export function ExportControls({ courseId, table, rows, search, partial }: ExportControlsProps) {
  const texts = useCatalog(triageCatalogs);
  const [delimiter, setDelimiter] = useState<CsvDelimiter>(readDelimiter);
  const [message, setMessage] = useState('');
  const selectId = useId();
  const scopeId = useId();
  const shown = rows.length;

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
      {/* The button's description, for screen readers: the rows it exports are those the table shows. */}
      <span id={scopeId} className="muted field-hint visually-hidden">
        {texts.exportScope(shown, partial)}
      </span>
      <span role="status" className="course-stats-export-status">
        {message}
      </span>
    </span>
  );
}
