import { memo, useId, useState } from 'react';
import { downloadText, preferredDelimiter } from '@/lib/csv';
import { loadChunkOnce } from '@/lib/load-chunk';
import type { OverviewTexts } from './strings';
import type { OverviewRow } from './use-overview-order';

// The CSV code loads on first use; where it cannot load, the export says it failed.
const loadCsvCode = loadChunkOnce(() => import('./overview-csv'), { attempts: 1 });

export interface OverviewExportProps {
  rows: readonly OverviewRow[];
  query: string;
  texts: OverviewTexts;
  /** "Since your last visit" is shown, so the file has it too. */
  comparing: boolean;
}

/**
 * Export CSV: the courses listed, in the order shown, with the figures read so far, in the delimiter chosen last in
 * this browser (the statistics page's export offers the choice). Nothing is fetched: the file is what the page holds.
 */
export const OverviewExport = memo(function OverviewExport({ rows, query, texts, comparing }: OverviewExportProps) {
  const [message, setMessage] = useState('');
  const scopeId = useId();

  const exportCsv = async () => {
    try {
      const { overviewCsv, overviewFileName } = await loadCsvCode();
      const fileName = overviewFileName(query);
      downloadText(overviewCsv(rows, { texts, comparing, delimiter: preferredDelimiter() }), fileName);
      const withFigures = rows.filter((row) => row.state.health !== null).length;
      setMessage(texts.exported(rows.length, withFigures, fileName));
    } catch {
      setMessage(texts.exportFailed);
    }
  };

  return (
    <span className="overview-export">
      <button type="button" className="button" aria-describedby={scopeId} onClick={() => void exportCsv()}>
        {texts.exportCsv}
      </button>
      <span id={scopeId} className="visually-hidden">
        {texts.exportScope(rows.length)}
      </span>
      <span aria-live="polite" className="overview-export-status">
        {message}
      </span>
    </span>
  );
});
