import type { CourseStatWire, LabelGroupWire } from '../../contract/index';
import { buildCourseStats } from './courses';
import { DEMO_LABEL_GROUPS } from './label-groups';

export interface DemoData {
  /** Statistics by course id, each list ordered by id. A course with no statistics maps to []. */
  courses: ReadonlyMap<number, readonly CourseStatWire[]>;
  labelGroups: readonly LabelGroupWire[];
}

export interface DemoDataOptions {
  /**
   * DEMO_NESTED_LABEL_GROUPS: keep the parent ids in group_id (4 in 3, 5 in 4, 18 in a group that does not exist).
   * Beyond the spec, which declares group_id null (its sample shows ''); off by default.
   */
  nestedLabelGroups?: boolean;
}

/** group_id as the spec declares it: a parent id becomes null; null and '' stay as they are. */
export function withoutParentIds(groups: readonly LabelGroupWire[]): readonly LabelGroupWire[] {
  return groups.map((group) => (typeof group.group_id === 'number' ? { ...group, group_id: null } : group));
}

let courses: DemoData['courses'] | undefined;
let flatGroups: readonly LabelGroupWire[] | undefined;

/** Built on first use and kept for the life of the process (the 10,000-row course takes a few milliseconds). */
export function getDemoData(options: DemoDataOptions = {}): DemoData {
  if (!courses) {
    const built = buildCourseStats();
    for (const stats of built.values()) stats.sort((a, b) => a.id - b.id);
    courses = built;
  }
  flatGroups ??= withoutParentIds(DEMO_LABEL_GROUPS);
  return { courses, labelGroups: options.nestedLabelGroups ? DEMO_LABEL_GROUPS : flatGroups };
}
