/**
 * Which rows a figure, a sort or a count covers: a page of the API's results, or the rows of the whole course
 * loaded so far. The summary, the sort note and the triage counts each say it in their own words.
 */
export type RowsScope =
  | { kind: 'page'; page: number; pageRows: number; shown: number; narrowed: boolean; wholeResults: boolean }
  | {
      kind: 'whole';
      loaded: number;
      shown: number;
      narrowed: boolean;
      complete: boolean;
      /** The change picked in the changes region, when it narrows the rows: its label. */
      change?: string | null;
    };
