import { describe, expect, it } from 'vitest';

/**
 * The Russian texts name each thing one way on every screen: a learner is "слушатель" on the statistics page, in
 * the overview and on the device page alike. Two words for one thing read as two things ("Новые слушатели" on a
 * course, "Новые учащиеся" in the overview). Each feature keeps its texts in its own strings files.
 */
const catalogs = import.meta.glob<string>(['/src/**/*strings.ts', '!/src/**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const TERMS = [{ thing: 'a learner', word: 'слушател', other: /учащ\p{L}*/giu }];

describe('the Russian glossary', () => {
  it('reads every feature’s strings', () => {
    expect(Object.keys(catalogs).length).toBeGreaterThan(20);
    expect(Object.keys(catalogs)).toContain('/src/features/overview/strings.ts');
  });

  for (const { thing, word, other } of TERMS) {
    it(`calls ${thing} "${word}…" everywhere`, () => {
      const elsewhere = Object.entries(catalogs).flatMap(([file, text]) =>
        [...text.matchAll(other)].map((match) => `${file}: ${match[0]}`),
      );
      expect(elsewhere).toEqual([]);
      const using = Object.entries(catalogs).filter(([, text]) => text.toLowerCase().includes(word));
      expect(using.length).toBeGreaterThan(5);
    });
  }
});
