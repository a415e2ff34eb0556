import type { HealthColumn } from '@/course/health-order';

// How the overview's table and cards are laid out, without React: the table (overview-table.tsx) and the rows the
// page's first script paints before it (app/start-up/first-rows.ts) take their sizes from here.

/**
 * The id of the search box the page's first script paints: what is typed into it before the app has started is the
 * app's search when it does (typed-before-start.ts).
 */
export const FIRST_SEARCH_ID = 'first-rows-search';

/** Every body row of the table is this tall, in CSS pixels. */
export const ROW_HEIGHT = 44;
/** Cards rendered at first and per "Show more" on a phone. */
export const CARDS_STEP = 50;

export type Figure = Exclude<HealthColumn, 'name' | 'newLearners' | 'newlyPassed'>;
/** What a phone's card shows, the figures a course needs attention for first; the column sorted by is added. */
export const CARD_FIGURES: readonly Figure[] = ['overdue', 'inactive', 'notStarted', 'completedPercent', 'learners'];
/** Widths in rem: the name takes what the figures leave of a laptop's width. */
export const WIDTHS: Record<HealthColumn, number> = {
  name: 20,
  learners: 7,
  completedPercent: 8,
  passedPercent: 7,
  averageProgress: 8,
  overdue: 7,
  notStarted: 7,
  inactive: 8,
  lastActivity: 9,
  newLearners: 7,
  newlyPassed: 7,
};
/** With "Since your last visit", each column gives up a little, so that all of them still fit 1366 px. */
export const COMPARING_WIDTHS: Record<HealthColumn, number> = {
  name: 13,
  learners: 6,
  completedPercent: 7,
  passedPercent: 6,
  averageProgress: 7,
  overdue: 7,
  notStarted: 6,
  inactive: 7,
  lastActivity: 8,
  newLearners: 6,
  newlyPassed: 6,
};
