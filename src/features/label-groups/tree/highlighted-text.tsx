import { Fragment } from 'react';
import { splitByMatches } from '../model/text-search';

export interface HighlightedTextProps {
  text: string;
  /** The folded filter query; '' highlights nothing. */
  query: string;
}

/** The text with filter matches in <mark>. Always text nodes: markup in the data is shown, never interpreted. */
export function HighlightedText({ text, query }: HighlightedTextProps) {
  if (query === '') return text;
  return splitByMatches(text, query).map((segment, index) =>
    segment.match ? <mark key={index}>{segment.text}</mark> : <Fragment key={index}>{segment.text}</Fragment>,
  );
}
