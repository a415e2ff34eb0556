import { FIRST_SEARCH_ID } from './overview-layout';

/** The search box the page's first script painted, and whether it had the focus, as the app's first render found it. */
export interface TypedBeforeStart {
  input: HTMLInputElement;
  /** What it held then. */
  value: string;
  focused: boolean;
}

/**
 * The painted search box (app/start-up/first-rows.ts), while it is on the page: read by the overview's first render,
 * which takes what was typed into it and, where it had the focus, moves the focus to its own box. Null otherwise.
 */
export function typedBeforeStart(): TypedBeforeStart | null {
  const input = typeof document === 'undefined' ? null : document.getElementById(FIRST_SEARCH_ID);
  return input instanceof HTMLInputElement
    ? { input, value: input.value, focused: document.activeElement === input }
    : null;
}
