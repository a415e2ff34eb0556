import type { ParseReport } from '@contract';

export interface ParseReportNoticeProps {
  report: ParseReport;
  /** How an item is called on this screen: "row", "group". */
  itemNoun: string;
}

const MAX_LISTED = 5;

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * Says what the parser left out or dropped, so a drifting API never shows up as a silent gap.
 * Renders nothing for a clean report.
 */
export function ParseReportNotice({ report, itemNoun }: ParseReportNoticeProps) {
  const { rejected, dropped } = report;
  if (rejected.length === 0 && dropped.length === 0) return null;
  const rejectedItems = new Set(rejected.map((problem) => problem.index)).size;
  const droppedFields = [...new Set(dropped.map((field) => field.path.replace(/\[\d+\]/g, '[]')))];
  return (
    <div role="status" className="alert alert-warning">
      {rejectedItems > 0 && (
        <>
          <p className="alert-title">
            {plural(rejectedItems, itemNoun)} left out: the API sent {rejectedItems === 1 ? 'it' : 'them'} in an
            unexpected shape.
          </p>
          <ul className="alert-list">
            {rejected.slice(0, MAX_LISTED).map((problem) => (
              <li key={`${problem.index}:${problem.path}`}>
                {problem.id !== null ? `${itemNoun} id ${problem.id}` : `${itemNoun} #${problem.index + 1}`}:{' '}
                <code>{problem.path || '(whole item)'}</code> {problem.reason}
              </li>
            ))}
            {rejected.length > MAX_LISTED && <li>and {rejected.length - MAX_LISTED} more</li>}
          </ul>
        </>
      )}
      {droppedFields.length > 0 && (
        <p className="alert-detail">
          Fields not in the API description were ignored: {droppedFields.map((path, i) => (
            <span key={path}>
              {i > 0 && ', '}
              <code>{path}</code>
            </span>
          ))}
          .
        </p>
      )}
    </div>
  );
}
