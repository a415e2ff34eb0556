import { useState } from 'react';
import * as z from 'zod/mini';
import { useCatalog } from '@/lib/i18n';
import { COURSE_MEMORY_KEYS, readStored, writeStored } from '@/lib/storage';
import type { ChangesRegionModel } from './use-course-changes';
import { changesCatalogs } from './strings';
import './changes.css';

const dismissedSchema = z.array(z.number());

function dismissedCourses(): number[] {
  return readStored(COURSE_MEMORY_KEYS.snapshotOfferDismissed, dismissedSchema) ?? [];
}

/** Whether the offer was turned down for this course, on this device. */
export function isSnapshotOfferDismissed(courseId: number): boolean {
  return dismissedCourses().includes(courseId);
}

function dismissSnapshotOffer(courseId: number): void {
  const courses = dismissedCourses();
  if (!courses.includes(courseId)) writeStored(COURSE_MEMORY_KEYS.snapshotOfferDismissed, [...courses, courseId]);
}

export interface SnapshotOfferProps {
  model: ChangesRegionModel;
  courseId: number;
}

/**
 * One line under the whole-course bar, after a full load while nothing is kept: what "Remember on this device"
 * would give, and a button that does what ticking it does. Turned down, it stays away for the course.
 */
export function SnapshotOffer({ model, courseId }: SnapshotOfferProps) {
  const texts = useCatalog(changesCatalogs);
  const [dismissed, setDismissed] = useState(() => isSnapshotOfferDismissed(courseId));
  if (model.remember || dismissed) return null;
  return (
    <p className="snapshot-offer">
      <span>{texts.offer}</span>
      <button type="button" className="button" onClick={() => model.setRemember(true)}>
        {texts.keepSnapshot}
      </button>
      <button
        type="button"
        className="button-link"
        onClick={() => {
          dismissSnapshotOffer(courseId);
          setDismissed(true);
        }}
      >
        {texts.dismissOffer}
      </button>
    </p>
  );
}
