import type { ParseReport } from '@contract';
import { useCatalog } from '@/lib/i18n';
import { sharedCatalogs, type ItemNoun } from './shared-strings';

export interface ParseReportNoticeProps {
  report: ParseReport;
  /** How an item is called on this screen. */
  itemNoun: ItemNoun;
}

const MAX_LISTED = 5;

/**
 * Says what the parser left out or dropped, so a drifting API never shows up as a silent gap.
 * Renders nothing for a clean report.
 */
export function ParseReportNotice({ report, itemNoun }: ParseReportNoticeProps) {
  const texts = useCatalog(sharedCatalogs).report;
  const { rejected, dropped } = report;
  if (rejected.length === 0 && dropped.length === 0) return null;
  const rejectedItems = new Set(rejected.map((problem) => problem.index)).size;
  const droppedFields = [...new Set(dropped.map((field) => field.path.replace(/\[\d+\]/g, '[]')))];
  return (
    <div role="status" className="alert alert-warning">
      {rejectedItems > 0 && (
        <>
          <p className="alert-title">{texts.leftOut(rejectedItems, itemNoun)}</p>
          <ul className="alert-list">
            {rejected.slice(0, MAX_LISTED).map((problem) => (
              <li key={`${problem.index}:${problem.path}`}>
                {problem.id !== null
                  ? texts.itemWithId(itemNoun, problem.id)
                  : texts.itemAt(itemNoun, problem.index + 1)}
                : <code>{problem.path || texts.wholeItem}</code> {problem.reason}
              </li>
            ))}
            {rejected.length > MAX_LISTED && <li>{texts.andMore(rejected.length - MAX_LISTED)}</li>}
          </ul>
        </>
      )}
      {droppedFields.length > 0 && (
        <p className="alert-detail">
          {texts.droppedFields}{' '}
          {droppedFields.map((path, i) => (
            <span key={path}>
              {i > 0 && ', '}
              <code>{path}</code>
            </span>
          ))}
        </p>
      )}
    </div>
  );
}
