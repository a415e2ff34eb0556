// Where a folded query occurs in the shown text: folding changes lengths, so matches are mapped back onto it.

import { foldText } from '@/lib/fold-text';

const ASCII_ONLY = /^\p{ASCII}*$/u;

interface FoldedWithOffsets {
  folded: string;
  /** For each UTF-16 unit of `folded`, where the code point it came from starts and ends in the original text. */
  starts: number[] | null;
  ends: number[] | null;
}

/**
 * Folds code point by code point, remembering where each folded unit came from: NFD and lower-casing change lengths
 * ("é" is one unit, its NFD two; "İ" lower-cases to two), so folded indices cannot be used on the original directly.
 */
function foldWithOffsets(text: string): FoldedWithOffsets {
  if (ASCII_ONLY.test(text)) return { folded: foldText(text), starts: null, ends: null };
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let index = 0;
  let previousFrom = -1;
  for (const codePoint of text) {
    const end = index + codePoint.length;
    const part = foldText(codePoint);
    if (part === '') {
      // A lone combining mark folds to nothing: it belongs to the letter before it, so a highlight takes it along.
      for (let unit = previousFrom; unit >= 0 && unit < ends.length; unit += 1) ends[unit] = end;
    } else {
      previousFrom = folded.length;
      folded += part;
      for (let unit = 0; unit < part.length; unit += 1) {
        starts.push(index);
        ends.push(end);
      }
    }
    index = end;
  }
  return { folded, starts, ends };
}

export type TextRange = readonly [start: number, end: number];

/** Where `foldedQuery` occurs in `text`, as non-overlapping [start, end) ranges of the original string. */
export function findMatchRanges(text: string, foldedQuery: string): TextRange[] {
  if (foldedQuery === '' || text === '') return [];
  const { folded, starts, ends } = foldWithOffsets(text);
  const ranges: Array<[number, number]> = [];
  let from = 0;
  for (;;) {
    const at = folded.indexOf(foldedQuery, from);
    if (at < 0) break;
    const last = at + foldedQuery.length - 1;
    const start = starts ? (starts[at] ?? at) : at;
    const end = ends ? (ends[last] ?? last + 1) : last + 1;
    const previous = ranges[ranges.length - 1];
    // Two matches inside one code point's folding (rare: a ligature, a Hangul syllable) share its range.
    if (previous && start < previous[1]) previous[1] = Math.max(previous[1], end);
    else ranges.push([start, end]);
    from = at + foldedQuery.length;
  }
  return ranges;
}

export interface TextSegment {
  text: string;
  match: boolean;
}

/** The text cut into plain and matching pieces, in order; the pieces join back to the original. */
export function splitByMatches(text: string, foldedQuery: string): TextSegment[] {
  const ranges = findMatchRanges(text, foldedQuery);
  if (ranges.length === 0) return [{ text, match: false }];
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [start, end] of ranges) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), match: false });
  return segments;
}
