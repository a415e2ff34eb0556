import type { Course } from '@contract';
import { useMemo, useState } from 'react';
import type { CourseHealthState } from '@/course/account-health';
import {
  compareByColumn,
  compareNeedsAttention,
  nameRanks,
  type CourseHealthRow,
  type NameRanks,
} from '@/course/health-order';
import { createResort } from './model/resort';
import { rankCourses } from './model/search-rank';
import { stableOrder } from './model/stable-order';
import type { OverviewSort } from './overview-url';

/** A row of the overview: the course as listed, and how far its health is read. */
export interface OverviewRow extends CourseHealthRow {
  course: Course;
  state: CourseHealthState;
}

const UNREAD: CourseHealthState = { state: 'waiting', health: null, reason: null, since: null };

export interface OverviewOrderInput {
  courses: readonly Course[];
  health: ReadonlyMap<number, CourseHealthState>;
  sort: OverviewSort;
  query: string;
  locale: string;
  /** The pointer or the focus is in the table: rows shown keep their place (stable-order.ts). */
  held: boolean;
}

interface Shown {
  /** The search and sort the order was made for: one the user changes is a new order, not a held one. */
  basis: string;
  ids: readonly number[];
}

/**
 * The courses' places by name, the last list's kept: a list grown from it places only its new courses (nameRanks
 * checks that it did). A cache only: what it gives is what nameRanks of the list alone gives.
 */
const placeByName = (() => {
  let last: NameRanks<Course> | undefined;
  return (courses: readonly Course[], locale: string) => (last = nameRanks(courses, locale, last));
})();

/** The rows sorted, from the order of the last sort (resort.ts): a cache only, like placeByName. */
const resortRows = createResort<OverviewRow>((row) => row.id);

function sameIds(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

/**
 * The rows in the order shown: sorted (needs attention first unless a column is chosen), then ranked for the
 * search, then held in place while the pointer or focus is in the table, so nothing moves under it as courses
 * and their figures arrive. A search or sort the user changes orders afresh.
 */
export function useOverviewOrder({ courses, health, sort, query, locale, held }: OverviewOrderInput): OverviewRow[] {
  // Worked out once per list and language: each update of the figures sorts every course again. As the list grows
  // a page at a time, only its new courses are placed among those before (nameRanks).
  const ranks = useMemo(() => placeByName(courses, locale).ranks, [courses, locale]);
  const rows = useMemo(
    () =>
      courses.map((course): OverviewRow => {
        const state = health.get(course.id) ?? UNREAD;
        const { id, name } = course;
        return { id, name, nameRank: ranks.get(id), health: state.health, since: state.since, course, state };
      }),
    [courses, health, ranks],
  );
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const sorted = useMemo(() => {
    const compare = sort === null ? compareNeedsAttention(locale) : compareByColumn(sort, locale);
    // Ranked by course object, which keeps its folded name from keystroke to keystroke (rows are made anew).
    return resortRows(rows, compare).map((row) => row.course);
  }, [rows, sort, locale]);
  const ranked = useMemo(() => rankCourses(sorted, query).map(({ course }) => course.id), [sorted, query]);

  const basis = `${query.trim()}\n${sort === null ? '' : `${sort.column}.${String(sort.desc)}`}`;
  const [shown, setShown] = useState<Shown>({ basis, ids: ranked });
  const order = useMemo(
    () => stableOrder(shown.basis === basis ? shown.ids : [], ranked, held && shown.basis === basis),
    [shown, basis, ranked, held],
  );
  // Kept for the next render (React's "information from previous renders"): what is on screen now.
  if (shown.basis !== basis || !sameIds(shown.ids, order)) setShown({ basis, ids: order });
  return useMemo(() => order.flatMap((id) => byId.get(id) ?? []), [byId, order]);
}
