import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** More unanswered writes than this means the router dropped some; the oldest are forgotten. */
const MAX_PENDING = 20;

interface FilterState {
  text: string;
  /** The URL's q when this state last looked at it. */
  seenUrl: string;
  /** Values written to the URL that the router has not reported back yet, oldest first. */
  pending: readonly string[];
}

/**
 * The filter text, kept in the URL as ?q=, typed into local state: the router applies URL changes asynchronously, and a
 * bound input would lose keystrokes. Each keystroke replaces the history entry: Back leaves the page.
 */
export function useFilterQuery(): [text: string, setText: (next: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('q') ?? '';
  const [state, setState] = useState<FilterState>({ text: urlQuery, seenUrl: urlQuery, pending: [] });

  let current = state;
  if (state.seenUrl !== urlQuery) {
    // Our own write arriving (keep what was typed since), or a navigation (back, a link), which wins over the box.
    const arrived = state.pending.indexOf(urlQuery);
    current =
      arrived >= 0
        ? { text: state.text, seenUrl: urlQuery, pending: state.pending.slice(arrived + 1) }
        : { text: urlQuery, seenUrl: urlQuery, pending: [] };
    setState(current);
  }

  const setText = (next: string) => {
    // A write equal to the URL changes nothing there, so it would never be reported back: do not wait for it.
    const awaited = next === urlQuery ? [] : [next];
    setState((previous) => ({
      ...previous,
      text: next,
      pending: [...previous.pending, ...awaited].slice(-MAX_PENDING),
    }));
    setSearchParams(
      (previous) => {
        const params = new URLSearchParams(previous);
        if (next === '') params.delete('q');
        else params.set('q', next);
        return params;
      },
      { replace: true },
    );
  };

  return [current.text, setText];
}
