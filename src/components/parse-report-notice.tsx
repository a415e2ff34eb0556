import type { ParseReport } from '@contract';
import { useCatalog } from '@/lib/i18n';
import { sharedCatalogs, type ItemNoun } from './shared-strings';
import { Alert } from './alert';

export interface ParseReportNoticeProps {
  report: ParseReport;
  /** How an item is called on this screen. */
  itemNoun: ItemNoun;
}

const MAX_LISTED = 5;

/** Each field left out, its path with item positions folded (`labels[3].id` -> `labels[].id`), and on how many items. */
function droppedFieldsOf(report: ParseReport): Array<{ path: string; items: number }> {
  const items = new Map<string, Set<number>>();
  for (const field of report.dropped) {
    const path = field.path.replace(/\[\d+\]/g, '[]');
    const seen = items.get(path) ?? new Set<number>();
    seen.add(field.index);
    items.set(path, seen);
  }
  return [...items].map(([path, seen]) => ({ path, items: seen.size }));
}

/** Whether the API's answer only carried fields it does not describe: every item read, nothing missing. */
export function onlyAddedFields(report: ParseReport): boolean {
  return report.rejected.length === 0 && report.dropped.length > 0;
}

function FieldList({ paths }: { paths: readonly string[] }) {
  return paths.map((path, i) => (
    <span key={path}>
      {i > 0 && ', '}
      <code>{path}</code>
    </span>
  ));
}

/**
 * Says what the parser left out or dropped, so a drifting API never shows as a silent gap: a warning box lists the
 * items left out; fields added alone get one line that opens on its details. Nothing if clean.
 */
export function ParseReportNotice({ report, itemNoun }: ParseReportNoticeProps) {
  const texts = useCatalog(sharedCatalogs).report;
  const { rejected } = report;
  const droppedFields = droppedFieldsOf(report);
  if (rejected.length === 0 && droppedFields.length === 0) return null;
  const paths = droppedFields.map((field) => field.path);
  if (rejected.length === 0) {
    return (
      <div role="status" className="drift-note">
        <details>
          <summary>
            {texts.droppedFields} <FieldList paths={paths} />
          </summary>
          <p>{texts.droppedExplained}</p>
          <ul>
            {droppedFields.map((field) => (
              <li key={field.path}>
                <code>{field.path}</code> {texts.droppedOn(field.items, itemNoun)}
              </li>
            ))}
          </ul>
        </details>
      </div>
    );
  }
  const rejectedItems = new Set(rejected.map((problem) => problem.index)).size;
  return (
    <Alert tone="warning" role="status" title={texts.leftOut(rejectedItems, itemNoun)}>
      <ul className="alert-list">
        {rejected.slice(0, MAX_LISTED).map((problem) => (
          <li key={`${problem.index}:${problem.path}`}>
            {problem.id !== null ? texts.itemWithId(itemNoun, problem.id) : texts.itemAt(itemNoun, problem.index + 1)}:{' '}
            <code>{problem.path || texts.wholeItem}</code> {problem.reason}
          </li>
        ))}
        {rejected.length > MAX_LISTED && <li>{texts.andMore(rejected.length - MAX_LISTED)}</li>}
      </ul>
      {paths.length > 0 && (
        <p className="alert-detail">
          {texts.droppedFields} <FieldList paths={paths} />
        </p>
      )}
    </Alert>
  );
}
