// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { foldText } from '@/lib/fold-text';
import { findMatchRanges, splitByMatches } from './text-search';

function highlighted(text: string, query: string): string[] {
  return findMatchRanges(text, foldText(query)).map(([start, end]) => text.slice(start, end));
}

describe('findMatchRanges', () => {
  it('maps a match back onto the original string', () => {
    expect(findMatchRanges('Café au lait', 'cafe')).toEqual([[0, 4]]);
    expect(highlighted('Le Café', 'CAFE')).toEqual(['Café']);
  });

  it('keeps a decomposed accent with its letter', () => {
    // "Cafe" + combining acute: five units; the mark belongs to the highlighted "e".
    expect(findMatchRanges('Cafe\u0301!', 'cafe')).toEqual([[0, 5]]);
    expect(highlighted('xcafe\u0301', 'e')).toEqual(['e\u0301']);
  });

  it('finds Cyrillic Ё and ё by е, and by themselves', () => {
    expect(highlighted('Ёлка и ёж', 'е')).toEqual(['Ё', 'ё']);
    expect(highlighted('Ёлка', 'ЁЛ')).toEqual(['Ёл']);
    expect(findMatchRanges('Зелёный', foldText('лен'))).toEqual([[2, 5]]);
  });

  it('counts positions after a decomposed letter correctly', () => {
    const text = 'e\u0301te\u0301 ete';
    expect(findMatchRanges(text, foldText('ete'))).toEqual([
      [0, 5],
      [6, 9],
    ]);
  });

  it('handles characters outside the BMP', () => {
    expect(highlighted('😀 Café 😀', 'cafe')).toEqual(['Café']);
  });

  it('returns nothing for an empty query or no match', () => {
    expect(findMatchRanges('Sales', '')).toEqual([]);
    expect(findMatchRanges('Sales', 'xyz')).toEqual([]);
  });
});

describe('splitByMatches', () => {
  it('cuts the text into pieces that join back to it', () => {
    const segments = splitByMatches('Crème brûlée, crème', 'creme');
    expect(segments).toEqual([
      { text: 'Crème', match: true },
      { text: ' brûlée, ', match: false },
      { text: 'crème', match: true },
    ]);
    expect(segments.map((segment) => segment.text).join('')).toBe('Crème brûlée, crème');
  });

  it('keeps markup as plain text', () => {
    expect(splitByMatches('<img src=x>', 'img')).toEqual([
      { text: '<', match: false },
      { text: 'img', match: true },
      { text: ' src=x>', match: false },
    ]);
  });
});
