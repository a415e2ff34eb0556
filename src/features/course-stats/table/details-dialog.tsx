import { courseStatKeys, type CourseStat } from '@contract';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { closeModalDialog, useModalDialog } from '@/components/use-modal-dialog';
import { useCatalog } from '@/lib/i18n';
import type { DetailsValue } from '../fields/field-spec';
import { detailsFields } from '../fields/fields';
import { fieldCatalogs } from '../fields/strings';
import { useNow } from '../fields/use-now';
import { tableCatalogs } from './strings';

/** The wire fields in the API's order, then the derived ones. */
const DETAILS_FIELDS = detailsFields(courseStatKeys);

function shown(value: DetailsValue): ReactNode {
  if (typeof value === 'string') return value;
  return (
    <a href={value.href} target="_blank" rel="noopener noreferrer">
      {value.text}
    </a>
  );
}

export interface CourseStatDetailsDialogProps {
  /** The rows in the order the table shows them, so Previous and Next walk the table. */
  rows: readonly CourseStat[];
  index: number;
  onIndexChange: (index: number) => void;
  /** Called once the dialog has closed (Close, Escape). */
  onClose: () => void;
  /** Where every session of the row's learner is listed; no link without it. */
  learnerHref?: ((stat: CourseStat) => string) | undefined;
}

/** Every field of one row, shown and raw, in a native modal <dialog>; the caller puts focus back on its opener. */
export function CourseStatDetailsDialog({
  rows,
  index,
  onIndexChange,
  onClose,
  learnerHref,
}: CourseStatDetailsDialogProps) {
  const texts = useCatalog(tableCatalogs);
  const words = useCatalog(fieldCatalogs);
  const dialogRef = useModalDialog();
  const titleId = useId();
  const now = useNow();
  const stat = rows[index];

  const close = () => closeModalDialog(dialogRef.current, onClose);

  if (!stat) return null;
  const first = index === 0;
  const last = index === rows.length - 1;
  return (
    <dialog ref={dialogRef} className="details-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="details-header">
        <h2 id={titleId}>{texts.detailsTitle(stat.username)}</h2>
        <button type="button" className="button" onClick={close}>
          {texts.detailsClose}
        </button>
      </div>
      <div className="details-meta">
        <p className="muted">{texts.detailsPosition(index, rows.length)}</p>
        {learnerHref && (
          <p>
            <Link to={learnerHref(stat)}>{texts.allSessions}</Link>
          </p>
        )}
      </div>
      <div className="details-body">
        <table className="details-table">
          <thead>
            <tr>
              <th scope="col">{texts.detailsField}</th>
              <th scope="col">{texts.detailsValue}</th>
              <th scope="col">{texts.detailsRaw}</th>
            </tr>
          </thead>
          <tbody>
            {DETAILS_FIELDS.map((field) => (
              <tr key={field.id}>
                <th scope="row">{field.details.label(words)}</th>
                <td>{shown(field.details.value(stat, words, now))}</td>
                {field.details.raw === null ? (
                  <td className="muted">{texts.detailsDerived}</td>
                ) : (
                  <td>
                    <code>
                      {field.details.raw}: {JSON.stringify(stat[field.details.raw]) ?? 'undefined'}
                    </code>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="details-footer">
        <button
          type="button"
          className="button"
          aria-disabled={first || undefined}
          onClick={() => {
            if (!first) onIndexChange(index - 1);
          }}
        >
          {texts.detailsPrevious}
        </button>
        <button
          type="button"
          className="button"
          aria-disabled={last || undefined}
          onClick={() => {
            if (!last) onIndexChange(index + 1);
          }}
        >
          {texts.detailsNext}
        </button>
      </div>
    </dialog>
  );
}
