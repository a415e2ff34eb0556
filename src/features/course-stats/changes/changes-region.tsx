import { useId, useState } from 'react';
import { Link } from 'react-router';
import * as z from 'zod/mini';
import { Alert } from '@/components/alert';
import { HelpToggle } from '@/components/help-toggle';
import { LabelledSelect } from '@/components/labelled-select';
import { useCatalog } from '@/lib/i18n';
import { COURSE_MEMORY_KEYS, readStored, writeStored } from '@/lib/storage';
import { fieldCatalogs } from '../fields/strings';
import type { ChangesPhase } from './course-changes-store';
import { CHANGE_IDS, type ChangeId, type SnapshotDiff } from './diff';
import { changesCatalogs, type ChangesTexts } from './strings';
import type { ChangesRegionModel } from './use-course-changes';
import './changes.css';
import { pathTo } from '@/lib/routes';

/** The checkbox itself, described by `hintId` (what is kept, and that unchecking deletes it). */
function RememberCheckbox({ model, hintId }: { model: ChangesRegionModel; hintId: string }) {
  const texts = useCatalog(changesCatalogs);
  return (
    <label className="changes-remember-label">
      <input
        type="checkbox"
        checked={model.remember}
        aria-describedby={hintId}
        onChange={(event) => model.setRemember(event.target.checked)}
      />
      {texts.remember}
    </label>
  );
}

/** What the choice keeps, and where it is listed. */
function RememberHint() {
  const texts = useCatalog(changesCatalogs);
  return (
    <>
      {texts.rememberHint} <Link to={pathTo('device')}>{texts.storedLink}</Link>
    </>
  );
}

/**
 * The choice as one line, for the whole-course bar while there is nothing to compare: the checkbox, and what it
 * keeps behind a "?" (the checkbox's description all the same), so the table keeps the window's height.
 */
export function RememberToggle({ model }: { model: ChangesRegionModel }) {
  const texts = useCatalog(changesCatalogs);
  const hintId = useId();
  return (
    <span className="changes-remember-toggle">
      <RememberCheckbox model={model} hintId={hintId} />
      <HelpToggle label={texts.rememberHelp} hintId={hintId}>
        <RememberHint />
      </HelpToggle>
    </span>
  );
}

/** Whether the choice sits in the whole-course bar (RememberToggle) rather than in the region. */
export function rememberInBar(model: ChangesRegionModel): boolean {
  return model.entry?.phase.kind !== 'compared';
}

/** The rows gone since the snapshot: not in the table, so listed by their IDs (no names are kept). */
function GoneLearners({ diff, texts, id }: { diff: SnapshotDiff; texts: ChangesTexts; id: string }) {
  const words = useCatalog(fieldCatalogs);
  const headingId = useId();
  const rows = diff.goneLearners.rowKeys.map((key) => key.split(':'));
  return (
    <div id={id} className="changes-gone">
      <p id={headingId} className="changes-gone-title">
        {texts.goneTitle(rows.length)}
      </p>
      <p className="muted field-hint">{texts.goneHint}</p>
      <div className="changes-gone-box">
        <table aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{words.fieldLabels.user_id}</th>
              <th scope="col">{words.fieldLabels.course_session_id}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([userId, sessionId]) => (
              <tr key={`${userId}:${sessionId}`}>
                <td>{userId}</td>
                <td>{sessionId}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function ComparedRegion({
  model,
  phase,
  picked,
}: {
  model: ChangesRegionModel;
  phase: Extract<ChangesPhase, { kind: 'compared' }>;
  picked: ChangeId | null;
}) {
  const texts = useCatalog(changesCatalogs);
  const headingId = useId();
  const goneId = useId();
  const rememberHintId = useId();
  const { diff, earlier, baselineId, pending } = phase;
  return (
    <section className="changes-region" aria-labelledby={headingId} aria-busy={pending}>
      <div className="changes-head">
        <h2 id={headingId}>{texts.title(diff.olderTakenAt)}</h2>
        {earlier.length > 1 && (
          <div className="changes-compare">
            <LabelledSelect
              label={texts.compareWith}
              value={baselineId}
              options={earlier.map((snapshot) => ({
                value: snapshot.id,
                label: texts.snapshotOption(snapshot.takenAt, snapshot.rowCount),
              }))}
              onChange={(id) => model.compareWith(id)}
            />
          </div>
        )}
      </div>
      <div role="group" aria-label={texts.changesLabel} className="changes-counts">
        {CHANGE_IDS.map((id) => {
          const { count } = diff[id];
          const pressed = picked === id;
          return (
            <button
              key={id}
              type="button"
              className="button changes-count"
              aria-pressed={pressed}
              aria-controls={id === 'goneLearners' && pressed ? goneId : undefined}
              disabled={count === 0}
              onClick={() => model.pick(pressed ? null : id)}
            >
              <span className="changes-count-number">{texts.count(count)}</span>{' '}
              <span className="changes-count-label">
                {texts.changeLabels[id]}
                {id === 'progressUp' && count > 0 && (
                  <span className="changes-count-points"> {texts.pointsInTotal(diff.progressUp.points)}</span>
                )}
              </span>
            </button>
          );
        })}
      </div>
      {picked !== null && (
        <p className="changes-show-all">
          <button type="button" className="button-link" onClick={() => model.pick(null)}>
            {texts.showAll}
          </button>
        </p>
      )}
      {picked === 'goneLearners' && <GoneLearners diff={diff} texts={texts} id={goneId} />}
      {/* The choice, under the counts, its explanation in view. */}
      <div className="changes-remember changes-remember-compact">
        <RememberCheckbox model={model} hintId={rememberHintId} />
        <p id={rememberHintId} className="muted field-hint">
          <RememberHint />
        </p>
      </div>
    </section>
  );
}

/**
 * "Changes since <the last snapshot>" above a whole course's table: a button per change narrows the table to its rows,
 * and the choice to remember on this device. Storage that does not work says so here and leaves the table alone.
 */
export function ChangesRegion({ model }: { model: ChangesRegionModel }) {
  const texts = useCatalog(changesCatalogs);
  const phase = model.entry?.phase;
  if (phase?.kind === 'compared') {
    return <ComparedRegion model={model} phase={phase} picked={model.entry?.picked ?? null} />;
  }
  if (!phase) return null;
  return (
    <div className="changes-box">
      {phase.kind === 'unavailable' && (
        <Alert
          tone="info"
          className="changes-unavailable"
          title={texts.unavailable}
          text={`${texts.reasons[phase.reason]} ${texts.tableUnaffected}`}
        />
      )}
      {phase.kind === 'working' && (
        <p role="status" className="muted">
          {texts.comparing}
        </p>
      )}
      {phase.kind === 'kept' && <p className="changes-kept">{texts.kept}</p>}
    </div>
  );
}

const dismissedSchema = z.array(z.number());

/** The courses the offer was turned down for, on this device. */
const dismissedCourses = () => readStored(COURSE_MEMORY_KEYS.snapshotOfferDismissed, dismissedSchema) ?? [];

/**
 * One line under the whole-course bar, after a full load while nothing is kept: what "Remember on this device"
 * would give, and a button that does what ticking it does. Turned down, it stays away for the course.
 */
export function SnapshotOffer({ model, courseId }: { model: ChangesRegionModel; courseId: number }) {
  const texts = useCatalog(changesCatalogs);
  const [dismissed, setDismissed] = useState(() => dismissedCourses().includes(courseId));
  if (model.remember || dismissed) return null;
  const dismiss = () => {
    const courses = dismissedCourses();
    if (!courses.includes(courseId)) writeStored(COURSE_MEMORY_KEYS.snapshotOfferDismissed, [...courses, courseId]);
    setDismissed(true);
  };
  return (
    <p className="snapshot-offer">
      <span>{texts.offer}</span>
      <button type="button" className="button" onClick={() => model.setRemember(true)}>
        {texts.keepSnapshot}
      </button>
      <button type="button" className="button-link" onClick={dismiss}>
        {texts.dismissOffer}
      </button>
    </p>
  );
}
