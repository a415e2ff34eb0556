import type { CourseStatWire, LabelGroupWire } from '../../contract/index';
import { buildCourseStats } from './courses';
import { DEMO_LABEL_GROUPS } from './label-groups';

export interface DemoData {
  /** Statistics by course id, each list ordered by id. A course with no statistics maps to []. */
  courses: ReadonlyMap<number, readonly CourseStatWire[]>;
  labelGroups: readonly LabelGroupWire[];
}

let data: DemoData | undefined;

/** Built on first use and kept for the life of the process (the 10,000-row course takes a few milliseconds). */
export function getDemoData(): DemoData {
  if (!data) {
    const courses = buildCourseStats();
    for (const stats of courses.values()) stats.sort((a, b) => a.id - b.id);
    data = { courses, labelGroups: DEMO_LABEL_GROUPS };
  }
  return data;
}
