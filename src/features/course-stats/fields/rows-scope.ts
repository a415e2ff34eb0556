/** Which rows a figure, sort or count covers: a page of results, or the whole course loaded so far. */
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
