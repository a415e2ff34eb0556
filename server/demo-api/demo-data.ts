import type { LabelGroupWire } from '../../contract/index';
import { buildCourseStats, dayStart, type CourseStatsByCourse } from './courses';
import type { DemoAccount } from './generated-courses';
import { DEMO_LABEL_GROUPS } from './label-groups';

export interface DemoData {
  /** Statistics by course id, each list ordered by id; a course is generated the first time it is asked for. */
  courses: CourseStatsByCourse;
  labelGroups: readonly LabelGroupWire[];
}

export interface DemoDataOptions {
  /**
   * DEMO_NESTED_LABEL_GROUPS: keep the parent ids in group_id (4 in 3, 5 in 4, 18 in a group that does not exist).
   * Beyond the spec, which declares group_id null (its sample shows ''); off by default.
   */
  nestedLabelGroups?: boolean;
  /** The clock: the data's dates follow the day of this instant (default: now). */
  now?: number;
  /** DEMO_ACCOUNT: the large one adds courses 20001–23999 (default: standard). */
  account?: DemoAccount;
}

/** group_id as the spec declares it: a parent id becomes null; null and '' stay as they are. */
export function withoutParentIds(groups: readonly LabelGroupWire[]): readonly LabelGroupWire[] {
  return groups.map((group) => (typeof group.group_id === 'number' ? { ...group, group_id: null } : group));
}

/** The statistics of the last day and account asked for; each course is generated on first use (buildCourseStats). */
let courses: { day: number; account: DemoAccount; stats: DemoData['courses'] } | undefined;
let flatGroups: readonly LabelGroupWire[] | undefined;

export function getDemoData(options: DemoDataOptions = {}): DemoData {
  const day = dayStart(options.now ?? Date.now());
  const account = options.account ?? 'standard';
  if (courses?.day !== day || courses.account !== account) {
    courses = { day, account, stats: buildCourseStats(day, account) };
  }
  flatGroups ??= withoutParentIds(DEMO_LABEL_GROUPS);
  return { courses: courses.stats, labelGroups: options.nestedLabelGroups ? DEMO_LABEL_GROUPS : flatGroups };
}
